import { signIn } from "../../api/session";
import { AccountForm, field } from "./AccountForm";

/** Props of `SignIn`. */
export interface SignInProps {
  /** Called once signed in (the shell reloads the session). */
  onSignedIn: () => void;
}

/** The sign-in form: user name and password; a wrong pair is one message, whichever part was wrong. */
export function SignIn({ onSignedIn }: SignInProps) {
  return (
    <AccountForm
      title="Sign in"
      submitLabel="Sign in"
      send={(form) => signIn(field(form, "username"), field(form, "password"))}
      onDone={onSignedIn}
    >
      <label>
        User name
        <input name="username" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
    </AccountForm>
  );
}
