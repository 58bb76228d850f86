/** Props of `NoSnippet`. */
export interface NoSnippetProps {
  /** Why there is no snippet, as the engine or the panel put it. */
  message: string;
}

/** The panel's explanation when the chosen combination has no snippet. */
export function NoSnippet({ message }: NoSnippetProps) {
  return (
    <p className="note note--warning" role="note">
      <strong>No snippet.</strong> {message}
    </p>
  );
}
