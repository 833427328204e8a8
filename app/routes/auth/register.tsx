import { useEffect } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { notify } from "~/app/components/dialogs";
import { returnPathFor, signUpAction } from "~/app/features/account/auth-actions.server";
import { AuthCard, Field, FormProblem, OrDivider } from "~/app/features/account/auth-card";
import { SocialSignInButton } from "~/app/features/account/social-sign-in";
import { useHydrated } from "~/app/features/catalogue/use-hydrated";
import { authPageOptions } from "~/app/lib/auth-options.server";
import { appOf } from "~/app/lib/context.server";
import { issuesByField } from "~/app/lib/field-issues";
import { requestedReturnPath } from "~/core/return-path";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/register";

export function loader({ request, context }: Route.LoaderArgs) {
  return { ...authPageOptions(appOf(context)), returnTo: returnPathFor(request) };
}

/** Success goes home, where the spec's 3-second notice greets the new customer (redirect-notice). */
export function action({ request, context }: Route.ActionArgs) {
  return signUpAction({ app: appOf(context), request, address: context.get(clientAddressContext) });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Register | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const back = requestedReturnPath(search);
  const loginHref = back
    ? `/authentication/login?redirectTo=${encodeURIComponent(back)}`
    : "/authentication/login";
  const failedTitle = `${actionData?.values.name ?? ""} Signup Failed`;

  // Spec §8: a warning with the name followed by Signup Failed; the form stays.
  useEffect(() => {
    if (actionData?.ok !== false || actionData.code === "invalid") return;
    notify({ icon: "warning", title: failedTitle, text: actionData.message });
  }, [actionData, failedTitle]);

  const issues = actionData ? issuesByField(actionData.issues) : {};
  return (
    <AuthCard title="Register" intro="Create an account to follow your orders.">
      {actionData && !hydrated && actionData.code !== "invalid" ? (
        <FormProblem title={failedTitle} text={actionData.message} />
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={actionData?.values.name}
          error={issues.name}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values.email}
          error={issues.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint="At least 8 characters."
          error={issues.password}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Signing Up..." : "Sign Up"}
        </button>
      </Form>
      <OrDivider />
      <SocialSignInButton
        provider={loaderData.socialProvider}
        label="Continue with Google"
        returnTo={loaderData.returnTo}
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
