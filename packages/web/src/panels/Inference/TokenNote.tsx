/** Props of `TokenNote`. */
export interface TokenNoteProps {
  /** The environment variable the snippets read the token from. */
  variable: string;
}

/** Tells the visitor where the snippets expect the access token; the page never holds a real one. */
export function TokenNote({ variable }: TokenNoteProps) {
  return (
    <p className="note" role="note">
      These snippets read your access token from the environment variable <code>{variable}</code>. Set it before running
      them; never paste a token into code you share.
    </p>
  );
}
