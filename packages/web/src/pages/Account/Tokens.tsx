import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { createToken, listTokens, revokeToken, type SessionState, type TokenInfo } from "../../api/session";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import "./Account.css";

/** Props of `Tokens`. */
export interface TokensProps {
  /** The session (its CSRF token signs the writes); null while loading. */
  session: SessionState | null;
}

/** The signed-in user's access tokens: create (the token is shown once), list, revoke. */
export function Tokens({ session }: TokensProps) {
  useDocumentTitle("Access tokens");
  const [tokens, setTokens] = useState<TokenInfo[] | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const csrf = session?.csrfToken ?? null;
  const signedIn = session?.user != null;

  const reload = useCallback(() => {
    listTokens()
      .then(setTokens)
      .catch((caught: Error) => setError(caught.message));
  }, []);
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);

  if (session === null) return <p>Loading…</p>;
  if (!signedIn) {
    return (
      <p>
        <Link href="/login">Sign in</Link> to manage your access tokens.
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const days = Number(form.get("days") ?? 0);
    setError(null);
    try {
      const made = await createToken(csrf, {
        name: String(form.get("name") ?? ""),
        role: form.get("role") === "write" ? "write" : "read",
        ...(days > 0 ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
      });
      setCreated(made.token);
      reload();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const revoke = async (id: number) => {
    setError(null);
    try {
      await revokeToken(csrf, id);
      reload();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <section className="tokens" aria-labelledby="tokens-title">
      <h1 id="tokens-title">Access tokens</h1>
      <p>
        Use a token as <code>HF_TOKEN</code> with the Hugging Face clients, or as the password of git. A read token
        never writes.
      </p>
      <form className="account-form account-form--inline" onSubmit={submit}>
        <label>
          Name
          <input name="name" required maxLength={100} />
        </label>
        <label>
          Role
          <select name="role" defaultValue="read">
            <option value="read">read</option>
            <option value="write">write</option>
          </select>
        </label>
        <label>
          Expires after (days, empty: never)
          <input name="days" type="number" min={1} max={3650} />
        </label>
        <button type="submit">Create token</button>
      </form>
      {created && (
        <div className="tokens__created" role="status">
          <p>Copy your new token now: it is not shown again.</p>
          <code className="break-anywhere">{created}</code> <CopyButton text={created} what="access token" />
        </div>
      )}
      {error && (
        <p role="alert" className="account-form__error">
          {error}
        </p>
      )}
      {tokens !== null && tokens.length === 0 && <p>You have no tokens yet.</p>}
      {tokens !== null && tokens.length > 0 && (
        <table className="tokens__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.role}</td>
                <td>{t.createdAt.slice(0, 10)}</td>
                <td>{t.expiresAt ? t.expiresAt.slice(0, 10) : "never"}</td>
                <td>
                  <button type="button" onClick={() => void revoke(t.id)} aria-label={`Revoke ${t.name}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
