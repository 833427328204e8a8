import { Form, useActionData, useNavigation } from "react-router";
import { routeMessages } from "~/app/i18n/catalog.server";
import { layoutServerText } from "~/app/i18n/dashboard/layout-text";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { type ActionFailure, isActionFailure, issuesByField } from "~/app/lib/field-issues";
import { orPageError, pageError } from "~/app/lib/page-error.server";
import { AppError } from "~/server/errors";
import { blockPhone, listBlockedPhones, unblockPhone } from "~/server/services/risk";
import type { Route } from "./+types/blocked-numbers";

/**
 * The block list (issue 23 item 2, decision 052): orders from these numbers are accepted and
 * held. Admins add a number with a reason and take numbers off; the risk service decides.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  return {
    blocked: await orPageError(listBlockedPhones(appOf(context), actor)),
    messages: routeMessages(context, "dashBlocked"),
  };
}

type BlockResult = { ok: true; intent: "block" | "unblock"; phone: string };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  try {
    if (intent === "block") {
      const blocked = await blockPhone(appOf(context), actor, {
        phone: text("phone"),
        reason: text("reason"),
      });
      return { ok: true, intent, phone: blocked.phone } satisfies BlockResult;
    }
    if (intent === "unblock") {
      await unblockPhone(appOf(context), actor, text("phone"));
      return { ok: true, intent, phone: text("phone") } satisfies BlockResult;
    }
    throw new AppError("invalid", "This change is not complete; reload the page and try again");
  } catch (err) {
    return pageError(
      err instanceof AppError ? new AppError(err.code, err.message, err.issues, { intent }) : err,
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [
    { title: t("dash.layout.pageTitle", { page: t("dash.layout.menu.blockedNumbers") }) },
    { name: "robots", content: "noindex" },
  ];
}

export default function BlockedNumbersRoute({ loaderData }: Route.ComponentProps) {
  const result = useActionData<BlockResult | ActionFailure>();
  const navigation = useNavigation();
  const failure = isActionFailure(result) ? result : null;
  const issues = failure?.details?.intent === "block" ? issuesByField(failure.issues) : {};
  const done = result && !isActionFailure(result) ? result : null;
  const tr = useI18n();
  const { t, digits, date, lang } = tr;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.layout.menu.blockedNumbers")}</h1>
      <p className="text-base-content/80">{t("dash.layout.blocked.intro")}</p>

      {done ? (
        <p role="status" className="alert alert-success">
          {t(
            done.intent === "block"
              ? "dash.layout.blocked.blocked"
              : "dash.layout.blocked.unblocked",
            {
              phone: digits(done.phone),
            },
          )}
        </p>
      ) : null}
      {failure && Object.keys(issues).length === 0 ? (
        <p role="alert" className="alert alert-error">
          {layoutServerText(tr, failure.message)}
        </p>
      ) : null}

      <Form
        method="post"
        className="flex flex-wrap items-start gap-3 rounded-box border border-base-300 p-4"
        // A fresh, empty form after a number is added.
        key={done?.intent === "block" ? done.phone : "new"}
      >
        <input type="hidden" name="intent" value="block" />
        <div className="flex flex-col gap-1">
          <label htmlFor="block-phone" className="text-sm font-medium">
            {t("dash.layout.blocked.phone")}
          </label>
          <input
            id="block-phone"
            name="phone"
            inputMode="tel"
            maxLength={20}
            placeholder={digits("01712345678")}
            className="input input-sm"
            aria-invalid={issues.phone ? true : undefined}
            aria-describedby={issues.phone ? "block-phone-issue" : undefined}
          />
          {issues.phone ? (
            <p id="block-phone-issue" className="text-sm text-error">
              {layoutServerText(tr, issues.phone)}
            </p>
          ) : null}
        </div>
        <div className="flex min-w-60 flex-1 flex-col gap-1">
          <label htmlFor="block-reason" className="text-sm font-medium">
            {t("dash.layout.blocked.reason")}
          </label>
          <input
            id="block-reason"
            name="reason"
            maxLength={500}
            className="input input-sm w-full"
            aria-invalid={issues.reason ? true : undefined}
            aria-describedby={issues.reason ? "block-reason-issue" : undefined}
          />
          {issues.reason ? (
            <p id="block-reason-issue" className="text-sm text-error">
              {layoutServerText(tr, issues.reason)}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn btn-sm btn-primary mt-6"
          disabled={navigation.state === "submitting"}
        >
          {t("dash.layout.blocked.block")}
        </button>
      </Form>

      {loaderData.blocked.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">{t("dash.layout.blocked.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <caption className="sr-only">{t("dash.layout.blocked.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("dash.layout.blocked.number")}</th>
                <th scope="col">{t("dash.layout.blocked.reason")}</th>
                <th scope="col">{t("dash.layout.blocked.since")}</th>
                <th scope="col">{t("dash.layout.blocked.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.blocked.map((b) => (
                <tr key={b.phone} data-phone={b.phone}>
                  <td className="whitespace-nowrap font-medium">{digits(b.phone)}</td>
                  <td className="break-words">{b.reason}</td>
                  <td className="whitespace-nowrap">
                    <time dateTime={b.createdAt}>
                      {lang === "en" ? b.createdAt.slice(0, 10) : date(b.createdAt)}
                    </time>
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="unblock" />
                      <input type="hidden" name="phone" value={b.phone} />
                      <button
                        type="submit"
                        className="btn btn-xs btn-outline"
                        aria-label={t("dash.layout.blocked.unblockPhone", {
                          phone: digits(b.phone),
                        })}
                      >
                        {t("dash.layout.blocked.unblock")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
