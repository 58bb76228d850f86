import { Link, Redirect, Route, Switch } from "wouter";
import { usePathname } from "wouter/use-browser-location";
import { modelIdFromPath } from "./api";
import { signOut } from "./api/session";
import { Setup } from "./pages/Account/Setup";
import { SignIn } from "./pages/Account/SignIn";
import { Tokens } from "./pages/Account/Tokens";
import { useSession } from "./pages/Account/useSession";
import { ModelList } from "./pages/ModelList/ModelList";
import { ModelPage } from "./pages/ModelPage/ModelPage";
import { NotFound } from "./pages/NotFound";

// The pages are in the main bundle (about 8 KB gzipped together). Lazy pages would cost more
// than they save: React 19 holds a revealed Suspense boundary for up to 300 ms, the whole
// first-snippet budget. Only the highlighter, which renders without suspending, is split off.

/** The app shell: header, then the page of the current route. */
export function App() {
  const { session, reload } = useSession();
  const user = session?.user ?? null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link href="/models" className="site-header__brand">
          Modelhub
        </Link>
        <nav aria-label="Main">
          <Link href="/models">Models</Link>
          {session?.setupRequired && <Link href="/setup">Set up</Link>}
          {user ? (
            <>
              <Link href="/settings/tokens">Tokens ({user.name})</Link>
              <button
                type="button"
                className="site-header__sign-out"
                onClick={() => void signOut(session?.csrfToken ?? null).then(reload)}
              >
                Sign out
              </button>
            </>
          ) : (
            !session?.setupRequired && <Link href="/login">Sign in</Link>
          )}
        </nav>
      </header>
      <main id="main" className="site-main">
        <Switch>
          <Route path="/">
            <Redirect to="/models" replace />
          </Route>
          <Route path="/models" component={ModelList} />
          <Route path="/login">
            <SignIn onSignedIn={reload} />
          </Route>
          <Route path="/setup">
            <Setup onDone={reload} />
          </Route>
          <Route path="/settings/tokens">
            <Tokens session={session} />
          </Route>
          <Route path="/:namespace/:name">
            <ModelRoute />
          </Route>
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </main>
    </>
  );
}

/**
 * The model page of the current path. The id comes from the raw path rather than the router's
 * params, which are decoded with decodeURI and so keep `%3D`, `%3F`… of an encoded id.
 */
function ModelRoute() {
  const id = modelIdFromPath(usePathname());
  // A new id is a new page: no state of the previous model leaks into it.
  return id === null ? <NotFound /> : <ModelPage key={id} id={id} />;
}
