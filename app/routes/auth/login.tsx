import { type FormEvent, useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { requestedReturnPath } from "../../../core/return-path";
import { notify } from "../../components/dialogs";
import { AuthCard, Field, OrDivider } from "../../features/account/auth-card";
import { returnTarget, signInEmail, storeApiToken } from "../../features/account/auth-client";
import { SocialSignInButton, SocialSignInStep } from "../../features/account/social-sign-in";
import { authPageOptions } from "../../lib/auth-options.server";
import { appOf } from "../../lib/context.server";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  return authPageOptions(appOf(context));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Login | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  const step = search.get("oauth");
  if (step === "start" || step === "done" || step === "error") {
    return <SocialSignInStep step={step} />;
  }

  const back = requestedReturnPath(search);
  const registerHref = back
    ? `/authentication/register?redirectTo=${encodeURIComponent(back)}`
    : "/authentication/register";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const target = returnTarget(search);
    setBusy(true);
    const result = await signInEmail({ email, password });
    if (!result.ok) {
      setBusy(false);
      notify({
        icon: "warning",
        title: "Login Failed",
        text: result.message || "An error occurred",
      });
      // Spec §8: after a failed login the shop goes home; the notice stays over the home page.
      navigate("/", { replace: true });
      return;
    }
    await storeApiToken(result.data.user.email);
    await revalidator.revalidate();
    setBusy(false);
    navigate(target, { replace: true });
  }

  return (
    <AuthCard title="Login" intro="Welcome back! Sign in to see your orders.">
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <Field label="Email" name="email" type="email" autoComplete="email" />
        <Field label="Password" name="password" type="password" autoComplete="current-password" />
        <div className="-mt-2 text-right">
          <Link className="link font-medium text-sm" to="/authentication/forgot-password">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Signing In..." : "Sign In"}
        </button>
      </form>
      <OrDivider />
      <SocialSignInButton
        provider={loaderData.socialProvider}
        label="Google"
        returnTo={returnTarget(search)}
      />
      <p className="text-center">
        New here?{" "}
        <Link className="link font-medium" to={registerHref}>
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
