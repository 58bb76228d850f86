import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { setUp } from "../../api/session";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import "./Account.css";

/** Props of `Setup`. */
export interface SetupProps {
  /** Called once the first user exists and is signed in. */
  onDone: () => void;
}

/**
 * The first-run page, shown while the hub has no user: it creates the first administrator. It asks for the admin
 * token the hub printed at its first start, so a stranger who finds a fresh hub cannot claim it.
 */
export function Setup({ onDone }: SetupProps) {
  useDocumentTitle("Set up this hub");
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await setUp(
        String(form.get("adminToken") ?? ""),
        String(form.get("username") ?? ""),
        String(form.get("password") ?? ""),
      );
      onDone();
      navigate("/settings/tokens");
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="account-form" onSubmit={submit} aria-labelledby="setup-title">
      <h1 id="setup-title">Set up this hub</h1>
      <p>
        No user exists yet. Create the first administrator. The admin token was printed when the hub first started (it
        is also in <code>data/admin-token</code>, or <code>MODELHUB_ADMIN_TOKEN</code>).
      </p>
      <label>
        Admin token
        <input name="adminToken" type="password" autoComplete="off" required />
      </label>
      <label>
        User name
        <input name="username" autoComplete="username" required pattern="[A-Za-z0-9._\-]+" />
      </label>
      <label>
        Password (at least 8 characters)
        <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      {error && (
        <p role="alert" className="account-form__error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Create administrator
      </button>
    </form>
  );
}
