import { type FormEvent, type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import "./Account.css";

/** Props of `AccountForm`. */
export interface AccountFormProps {
  /** The page's heading and document title. */
  title: string;
  /** Label of the submit button. */
  submitLabel: string;
  /** Sends the form's fields; a thrown error's message is shown in the form. */
  send: (form: FormData) => Promise<void>;
  /** Called once `send` succeeded, before going to the tokens page. */
  onDone: () => void;
  /** The form's paragraphs and labelled inputs. */
  children: ReactNode;
}

/**
 * The shell every account form shares: one submission at a time, the server's message shown as an alert, and the
 * tokens page once it succeeded (what a new session needs first is a token for the clients).
 */
export function AccountForm({ title, submitLabel, send, onDone, children }: AccountFormProps) {
  useDocumentTitle(title);
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `${title.toLowerCase().replace(/[^a-z]+/g, "-")}-title`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await send(form);
      onDone();
      navigate("/settings/tokens");
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="account-form" onSubmit={submit} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
      {error && (
        <p role="alert" className="account-form__error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/** A form field's text ("" when absent). */
export const field = (form: FormData, name: string): string => String(form.get(name) ?? "");
