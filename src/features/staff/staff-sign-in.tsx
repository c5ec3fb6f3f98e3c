import { useEffect, useRef, useState, type FormEvent } from "react";
import { Plural, useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import LoginIcon from "@mui/icons-material/Login";
import { signIn, type SignInOutcome } from "@/features/staff/staff-api";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

/**
 * The staff password form; a wrong password is said beside the field, which then has the focus
 * (so a screen reader reads the field with what is wrong with it).
 */
export function StaffSignIn({
  onSignedIn,
  takeFocus = false,
}: {
  onSignedIn: () => void;
  /** The field takes the focus as the form comes (the inbox it replaced had it). */
  takeFocus?: boolean;
}) {
  const { t } = useLingui();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) field.current?.focus();
  }, [takeFocus]);
  const [problem, setProblem] = useState<Exclude<SignInOutcome, "signed-in"> | "failed" | null>(
    null,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    try {
      const outcome = await signIn(password);
      if (outcome === "signed-in") {
        setPassword("");
        onSignedIn();
      } else {
        setProblem(outcome);
        if (outcome === "wrong-password") {
          field.current?.focus();
          field.current?.select();
        }
      }
    } catch {
      setProblem("failed");
    } finally {
      setBusy(false);
    }
  }

  const fieldError = problem === "wrong-password" ? t`This password is not right.` : null;
  const alert = {
    "not-configured": t`The staff inbox is not set up on this server. Ask the operator to set STAFF_PASSWORD_HASH.`,
    unavailable: t`The inbox's database is not answering just now. Try again in a few moments.`,
    failed: t`The server could not be reached. Check the connection and try again.`,
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      aria-label={t`Staff sign-in`}
      sx={{ maxWidth: 420 }}
    >
      <TextField
        label={t`Staff password`}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblem(null);
        }}
        error={fieldError !== null}
        helperText={fieldError}
        inputRef={field}
      />
      {problem && problem !== "wrong-password" ? (
        <Alert severity="error" role="alert">
          {typeof problem === "object" ? (
            <Plural
              value={problem.tooMany.minutes}
              one="Too many attempts. Wait # minute, then try again."
              other="Too many attempts. Wait # minutes, then try again."
            />
          ) : (
            alert[problem]
          )}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<LoginIcon />}
        // Focusable while busy (aria-disabled): pressing it must not drop the focus.
        aria-disabled={busy}
        sx={{ alignSelf: "flex-start" }}
        roomFor={busy ? t`Sign in` : t`Signing in…`}
      >
        {busy ? t`Signing in…` : t`Sign in`}
      </Button>
    </Stack>
  );
}
