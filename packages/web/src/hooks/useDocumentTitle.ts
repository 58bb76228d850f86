import { useEffect } from "react";

/** Sets the browser tab's title to `title` followed by the site name. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === "" ? "Modelhub" : `${title} · Modelhub`;
  }, [title]);
}
