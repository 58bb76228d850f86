import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { signIn } from "../../api/session";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import "./Account.css";

/** Props of `SignIn`. */
export interface SignInProps {
  /** Called once signed in (the shell reloads the session). */
  onSignedIn: () => void;
}

/** The sign-in form: user name and password; a wrong pair is one message, whichever part was wrong. */
export function SignIn({ onSignedIn }: SignInProps) {
  useDocumentTitle("Sign in");
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signIn(String(form.get("username") ?? ""), String(form.get("password") ?? ""));
      onSignedIn();
      navigate("/settings/tokens");
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="account-form" onSubmit={submit} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <label>
        User name
        <input name="username" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p role="alert" className="account-form__error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Sign in
      </button>
    </form>
  );
}
