import { setUp } from "../../api/session";
import { AccountForm, field } from "./AccountForm";

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
  return (
    <AccountForm
      title="Set up this hub"
      submitLabel="Create administrator"
      send={(form) => setUp(field(form, "adminToken"), field(form, "username"), field(form, "password"))}
      onDone={onDone}
    >
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
    </AccountForm>
  );
}
