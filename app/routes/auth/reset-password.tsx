import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { notify } from "../../components/dialogs";
import { AuthCard, Field } from "../../features/account/auth-card";
import { resetPassword } from "../../features/account/auth-client";
import { authPageOptions } from "../../lib/auth-options.server";
import { appOf } from "../../lib/context.server";
import type { Route } from "./+types/reset-password";

export function loader({ context }: Route.LoaderArgs) {
  return authPageOptions(appOf(context));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Set a new password | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

const INVALID_LINK =
  "This password reset link is not valid or has expired. Links work once, for one hour: please ask for a new one.";

export default function ResetPassword() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(token ? null : INVALID_LINK);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const again = String(form.get("confirm") ?? "");
    if (password !== again) {
      setProblem("The two passwords do not match.");
      return;
    }
    setProblem(null);
    setBusy(true);
    const result = await resetPassword(token, password);
    setBusy(false);
    if (!result.ok) {
      const invalid = result.code === "INVALID_TOKEN" || /token/i.test(result.message);
      setProblem(
        invalid ? INVALID_LINK : result.message || "Password reset failed. Please try again later.",
      );
      return;
    }
    navigate("/authentication/login", { replace: true });
    notify({
      icon: "success",
      title: "Password Changed",
      text: "Your new password is set. Please sign in with it.",
    });
  }

  return (
    <AuthCard title="Set a new password">
      {problem ? (
        <div role="alert" className="alert alert-error">
          <span>{problem}</span>
        </div>
      ) : null}
      {token ? (
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            hint="At least 8 characters."
          />
          <Field
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            minLength={8}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? "Saving..." : "Save new password"}
          </button>
        </form>
      ) : null}
      <p className="text-center">
        <Link className="link font-medium" to="/authentication/forgot-password">
          Ask for a new link
        </Link>{" "}
        ·{" "}
        <Link className="link font-medium" to="/authentication/login">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
