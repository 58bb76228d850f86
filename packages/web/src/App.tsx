import { lazy, Suspense } from "react";
import { Link, Redirect, Route, Switch } from "wouter";
import { usePathname } from "wouter/use-browser-location";
import { modelIdFromPath } from "./api";
import { NotFound } from "./pages/NotFound";

// Each page is its own chunk: the model page never loads the list's code, and the reverse.
const ModelList = lazy(() => import("./pages/ModelList/ModelList").then((m) => ({ default: m.ModelList })));
const ModelPage = lazy(() => import("./pages/ModelPage/ModelPage").then((m) => ({ default: m.ModelPage })));

/** The app shell: header, then the page of the current route. */
export function App() {
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
        </nav>
      </header>
      <main id="main" className="site-main">
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Switch>
            <Route path="/">
              <Redirect to="/models" replace />
            </Route>
            <Route path="/models" component={ModelList} />
            <Route path="/:namespace/:name">
              <ModelRoute />
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
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
