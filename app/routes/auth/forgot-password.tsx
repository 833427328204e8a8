import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { notify } from "../../components/dialogs";
import { AuthCard } from "../../features/account/auth-card";
import { requestPasswordReset } from "../../features/account/auth-client";
import { authPageOptions } from "../../lib/auth-options.server";
import { appOf } from "../../lib/context.server";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  return authPageOptions(appOf(context));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Forgot password | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function ForgotPassword() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      notify({
        icon: "warning",
        title: "Email Required",
        text: "Please provide your email address to reset the password.",
      });
      return;
    }
    setBusy(true);
    const result = await requestPasswordReset(email);
    setBusy(false);
    if (!result.ok) {
      notify({
        icon: "error",
        title: "Password Reset Failed",
        // Spec text, except when the shop refused for too many requests: then say how long to wait.
        text:
          result.status === 429 && result.message
            ? result.message
            : "Password reset failed. Please try again later.",
      });
      return;
    }
    navigate("/", { replace: true });
    notify({
      icon: "success",
      title: "Password Reset Email Sent",
      text: "Please check your email for password reset instructions.",
    });
  }

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your account's email and we will send you a link to set a new password."
    >
      {/* noValidate: an empty email gets the spec's "Email Required" notice, not the browser's bubble */}
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor="field-email" className="font-medium">
            Email
          </label>
          <input
            id="field-email"
            name="email"
            type="email"
            autoComplete="email"
            className="input w-full"
          />
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Sending..." : "Forgot"}
        </button>
      </form>
      <p className="text-center">
        Remembered it?{" "}
        <Link className="link font-medium" to="/authentication/login">
          Sign in
        </Link>{" "}
        or{" "}
        <Link className="link font-medium" to="/authentication/register">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
