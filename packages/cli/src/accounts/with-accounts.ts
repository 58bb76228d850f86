// Opening the hub's database for an account command: the same --db / DATABASE_URL / MODELHUB_DATA_DIR as `serve`,
// with a HubError (bad name, short password, unknown user…) printed as the user's mistake (exit status 1).
import {
  type AccountService,
  createAccountService,
  HubError,
  openStore,
  resolveServerConfig,
  type Store,
} from "@modelhub/server/storage";

/** Runs `work` with the account service over the configured database; returns the exit status. */
export async function withAccounts(
  command: string,
  db: string | undefined,
  work: (service: AccountService, store: Store) => Promise<void>,
): Promise<number> {
  let config: ReturnType<typeof resolveServerConfig>;
  try {
    config = resolveServerConfig(process.env, db === undefined ? {} : { db });
  } catch (error) {
    process.stderr.write(`modelhub ${command}: ${(error as Error).message}\n`);
    return 2;
  }
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dbPath: config.dbPath });
  try {
    await work(
      createAccountService(store.accounts, () => new Date()),
      store,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    process.stderr.write(`modelhub ${command}: ${error.message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

/** The first line of stdin (a password piped in, so it never shows in the process list or shell history). */
export async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "").trimEnd();
}
