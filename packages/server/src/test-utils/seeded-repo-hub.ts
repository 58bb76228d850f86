// The set-up of the access and write tests: a hub with repositories, the account fixture seeded into it and, when
// asked, a git sandbox; started before the file's (or suite's) tests and closed after them.
import { afterAll, beforeAll } from "vitest";
import { type GitSandbox, gitSandbox } from "../protocol/test-git.js";
import { type AccountFixture, seedAccounts } from "./account-fixture.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, type RepoTestOptions, startRepoTestApp } from "./repo-test-app.js";

/** What `useSeededRepoHub` sets up; each part may be read from the first hook or test on. */
export interface SeededRepoHub {
  /** The running hub. */
  hub: RepoTestApp;
  /** The tokens of the seeded accounts (alice, rita, olga, bob, root). */
  fx: AccountFixture;
  /** The git sandbox (only with the `git` option). */
  box: GitSandbox;
}

/** Options of `useSeededRepoHub`. */
export interface SeededRepoHubOptions extends RepoTestOptions {
  /** Also make a git sandbox (`{ lfs: true }`: with git-lfs's filters installed). */
  git?: boolean | { lfs: boolean };
  /** More set-up, run once the hub is up and the accounts are seeded (e.g. repositories every test reads). */
  setUp?: (seeded: SeededRepoHub) => Promise<void>;
}

/**
 * An object standing for one that `current` returns once the hooks have run: the test file names it where it
 * is declared (`const { hub, fx } = useSeededRepoHub()`), and every property read goes to the started one.
 */
function startedLater<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (value === undefined)
        throw new Error(`${what} is not started: read before the beforeAll hook, or not asked for`);
      return Reflect.get(value, key);
    },
  });
}

/**
 * Registers beforeAll/afterAll hooks, in the scope it is called from, that start a repository hub with the account
 * fixture (and a git sandbox when asked), and answers handles to them that are usable from the hooks on.
 */
export function useSeededRepoHub(options: SeededRepoHubOptions = {}): SeededRepoHub {
  const { git, setUp, ...hubOptions } = options;
  let started: { hub: RepoTestApp; fx?: AccountFixture; box?: GitSandbox } | undefined;
  const seeded: SeededRepoHub = {
    hub: startedLater("the hub", () => started?.hub),
    fx: startedLater("the account fixture", () => started?.fx),
    box: startedLater("the git sandbox", () => started?.box),
  };
  beforeAll(async () => {
    started = { hub: await startRepoTestApp(hubOptions) };
    started.fx = await seedAccounts(started.hub.store);
    if (git) started.box = await gitSandbox(git === true ? {} : git);
    await setUp?.(seeded);
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    started?.box?.close();
    await started?.hub.close();
  }, APP_HOOK_TIMEOUT_MS);
  return seeded;
}
