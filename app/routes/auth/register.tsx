import { type FormEvent, useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { requestedReturnPath } from "../../../core/return-path";
import { notify } from "../../components/dialogs";
import { AuthCard, Field, OrDivider } from "../../features/account/auth-card";
import {
  postUser,
  returnTarget,
  signUpEmail,
  storeApiToken,
} from "../../features/account/auth-client";
import { SocialSignInButton } from "../../features/account/social-sign-in";
import { authPageOptions } from "../../lib/auth-options.server";
import { appOf } from "../../lib/context.server";
import type { Route } from "./+types/register";

export function loader({ context }: Route.LoaderArgs) {
  return authPageOptions(appOf(context));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Register | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const back = requestedReturnPath(search);
  const loginHref = back
    ? `/authentication/login?redirectTo=${encodeURIComponent(back)}`
    : "/authentication/login";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setBusy(true);
    const result = await signUpEmail({ name, email, password });
    if (!result.ok) {
      setBusy(false);
      notify({
        icon: "warning",
        title: `${name} Signup Failed`,
        text: result.message || "An error occurred",
      });
      return;
    }
    if (!result.data.token) {
      // A taken email gets the answer of a new one but no session (decision 030).
      setBusy(false);
      notify({
        icon: "info",
        title: "Please Sign In",
        text: `We could not create a new account for ${email}. If you already have one, sign in or reset your password.`,
      });
      navigate(loginHref, { replace: true });
      return;
    }
    await postUser({ name, email: result.data.user.email });
    await storeApiToken(result.data.user.email);
    await revalidator.revalidate();
    setBusy(false);
    navigate("/", { replace: true });
    notify({
      icon: "success",
      title: "Signup Successful",
      text: `Welcome to ${loaderData.shopName}, ${name}! We sent a link to ${result.data.user.email} to confirm your email.`,
    });
  }

  return (
    <AuthCard title="Register" intro="Create an account to follow your orders.">
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <Field label="Name" name="name" autoComplete="name" />
        <Field label="Email" name="email" type="email" autoComplete="email" />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint="At least 8 characters."
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Signing Up..." : "Sign Up"}
        </button>
      </form>
      <OrDivider />
      <SocialSignInButton
        provider={loaderData.socialProvider}
        label="Continue with Google"
        returnTo={returnTarget(search)}
      />
      <p className="text-center">
        Already have an account?{" "}
        <Link className="link font-medium" to={loginHref}>
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
