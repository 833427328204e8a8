import { Fragment, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { LatestMessages } from "~/app/features/notifications/latest-messages";
import { routeMessages } from "~/app/i18n/catalog.server";
import { paperText } from "~/app/i18n/dashboard/paper-text";
import type { MessageKey } from "~/app/i18n/keys";
import type { Translator } from "~/app/i18n/translator";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { type ActionFailure, isActionFailure, issuesByField } from "~/app/lib/field-issues";
import { orPageError, pageError } from "~/app/lib/page-error.server";
import {
  EVENT_PLACEHOLDERS,
  type MessageLanguage,
  PLACEHOLDERS,
  type PlaceholderValues,
  renderTemplate,
  SAMPLE_CUSTOMER_PHONE,
  SAMPLE_VALUES,
  type SmsEvent,
  smsSegments,
  TEMPLATE_MAX_LENGTH,
  trackOrderUrl,
} from "~/core/notifications";
import { AppError } from "~/server/errors";
import { notificationsStatus, recentMessages } from "~/server/notify/messages";
import { listTemplates, restoreDefaultTemplate, saveTemplate } from "~/server/notify/templates";
import type { Route } from "./+types/notifications";

/**
 * SMS & Email (issue 24 items 2–3, decision 059): how customers' messages go out, the latest
 * ones, and each event's template in Bengali and English with a live preview that counts SMS
 * segments. Saving and restoring are route actions: plain forms work without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const ctx = appOf(context);
  const [templates, status, recent] = await orPageError(
    Promise.all([
      listTemplates(ctx.db, actor),
      notificationsStatus(ctx, actor),
      recentMessages(ctx.db, actor, 30),
    ]),
  );
  return {
    templates,
    status,
    recent: recent.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    // The preview as a customer of this shop would get it: its name, number and tracking link
    // (the link's length counts towards the SMS parts shown).
    sample: {
      ...SAMPLE_VALUES,
      shopName: ctx.config.SHOP_NAME,
      shopPhone: ctx.config.SHOP_PHONE,
      trackUrl: trackOrderUrl(
        ctx.config.publicUrl,
        Number(SAMPLE_VALUES.orderNumber),
        SAMPLE_CUSTOMER_PHONE,
      ),
    },
    messages: routeMessages(context, "dashPaper"),
  };
}

type TemplateResult = {
  ok: true;
  intent: "save" | "restore";
  event: SmsEvent;
  language: MessageLanguage;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const key = { event: text("event"), language: text("language") };
  try {
    if (intent === "save") {
      const saved = await saveTemplate(appOf(context).db, actor, {
        ...key,
        template: text("template"),
      });
      return {
        ok: true,
        intent,
        event: saved.event,
        language: saved.language,
      } satisfies TemplateResult;
    }
    if (intent === "restore") {
      const restored = await restoreDefaultTemplate(appOf(context).db, actor, key);
      return {
        ok: true,
        intent,
        event: restored.event,
        language: restored.language,
      } satisfies TemplateResult;
    }
    throw new AppError("invalid", "This change is not complete; reload the page and try again");
  } catch (err) {
    return pageError(
      err instanceof AppError
        ? new AppError(err.code, err.message, err.issues, { ...key, template: text("template") })
        : err,
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.paper.notify.title") },
    { name: "robots", content: "noindex" },
  ];
}

const CODE = "\u241f";

/**
 * A message whose placeholders are names the server's settings use (an environment variable, a
 * folder): they stay as written, in <code>, whatever the page's language.
 */
function WithCode({
  t,
  text,
  codes,
}: {
  t: Translator["t"];
  text: MessageKey;
  codes: Record<string, string>;
}) {
  const names = Object.keys(codes);
  const marked = t(text, Object.fromEntries(names.map((name, i) => [name, `${CODE}${i}${CODE}`])));
  return (
    <>
      {marked.split(CODE).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message
          <code key={i}>{codes[names[Number(part)] ?? ""]}</code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A text naming placeholders (`{name}`): each one in <code>, as the help above the forms shows them. */
function WithPlaceholders({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\{[^{}]*\})/).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <code key={i}>{part}</code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A message's status as the table shows it; another value (none today) as it is. */
/** One event's template in one language: the form, its field message and the live preview. */
function TemplateForm(props: {
  event: SmsEvent;
  language: MessageLanguage;
  saved: string;
  isDefault: boolean;
  sample: PlaceholderValues;
  issue?: string;
  typed?: string;
  notice?: string;
}) {
  const { event, language } = props;
  const tr = useI18n();
  const { t, count: n } = tr;
  const [text, setText] = useState(props.typed ?? props.saved);
  const preview = renderTemplate(text, props.sample);
  const count = smsSegments(preview);
  const id = `template-${event}-${language}`;
  return (
    <Form
      method="post"
      className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-3"
      data-template={`${event}/${language}`}
    >
      <input type="hidden" name="event" value={event} />
      <input type="hidden" name="language" value={language} />
      <label htmlFor={id} className="text-sm font-medium">
        {t(`dash.paper.notify.lang.${language}`)}
        {props.isDefault ? (
          <span className="ml-2 badge badge-ghost badge-sm">{t("dash.paper.notify.default")}</span>
        ) : null}
      </label>
      <textarea
        id={id}
        name="template"
        rows={3}
        maxLength={TEMPLATE_MAX_LENGTH + 100}
        lang={language}
        className="textarea w-full"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={props.issue ? true : undefined}
        aria-describedby={`${id}-preview${props.issue ? ` ${id}-issue` : ""}`}
      />
      {props.issue ? (
        <p id={`${id}-issue`} className="text-sm text-error">
          <WithPlaceholders text={paperText(tr, props.issue)} />
        </p>
      ) : null}
      <div id={`${id}-preview`} className="rounded bg-base-200 p-2 text-sm">
        <p className="font-medium">{t("dash.paper.notify.preview")}</p>
        <p lang={language} className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-preview>
          {preview}
        </p>
        <p className="text-base-content/70" data-segments>
          {t("dash.paper.notify.segments", {
            length: n(count.length),
            segments: n(count.segments),
            encoding: t(
              count.encoding === "unicode" ? "dash.paper.notify.unicode" : "dash.paper.notify.gsm7",
            ),
          })}
        </p>
      </div>
      {props.notice ? (
        <p role="status" className="text-sm text-success">
          {props.notice}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" name="intent" value="save" className="btn btn-sm btn-primary">
          {t("dash.paper.notify.save")}
        </button>
        <button type="submit" name="intent" value="restore" className="btn btn-sm btn-outline">
          {t("dash.paper.notify.restore")}
        </button>
      </div>
    </Form>
  );
}

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  const result = useActionData<TemplateResult | ActionFailure>();
  const navigation = useNavigation();
  const failure = isActionFailure(result) ? result : null;
  const done = result && !isActionFailure(result) ? result : null;
  const { status } = loaderData;
  const failedKey = failure?.details
    ? `${String(failure.details.event)}/${String(failure.details.language)}`
    : null;
  const issues = failure ? issuesByField(failure.issues) : {};
  const events = [...new Set(loaderData.templates.map((x) => x.event))];
  const tr = useI18n();
  const { t, count } = tr;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4" aria-busy={navigation.state !== "idle"}>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.paper.notify.heading")}</h1>

      {status.sendingSms ? (
        <p className="alert alert-info">
          {t("dash.paper.notify.smsVia", { provider: status.smsProviderLabel })}
        </p>
      ) : (
        <p role="alert" className="alert alert-warning" data-sms-off>
          {/* One child: the alert lays out its children as columns. */}
          <span>
            <WithCode
              t={t}
              text="dash.paper.notify.smsOff"
              codes={{ variable: "SMS_PROVIDER", folder: "DATA_DIR/outbox/sms" }}
            />
          </span>
        </p>
      )}
      <p className="text-base-content/80">
        {status.mail === "smtp" ? (
          t("dash.paper.notify.mailSmtp")
        ) : (
          <WithCode t={t} text="dash.paper.notify.mailOutbox" codes={{ variable: "SMTP_URL" }} />
        )}
        {status.failedLastDay > 0
          ? ` ${t("dash.paper.notify.failedLastDay", { count: count(status.failedLastDay) })}`
          : ""}
      </p>

      {failure && Object.keys(issues).length === 0 ? (
        <p role="alert" className="alert alert-error">
          {paperText(tr, failure.message)}
        </p>
      ) : null}

      <section className="flex flex-col gap-3" aria-labelledby="templates-heading">
        <h2 id="templates-heading" className="text-xl font-semibold">
          {t("dash.paper.notify.templates")}
        </h2>
        <p className="text-sm text-base-content/80">
          {t("dash.paper.notify.templatesIntro")}{" "}
          {/* A space between the entries: the line may break there on a phone. */}
          {PLACEHOLDERS.map((p) => (
            <Fragment key={p}>
              <span className="mr-2 whitespace-nowrap">
                <code>{`{${p}}`}</code> {t(`dash.paper.placeholder.${p}`)}
              </span>{" "}
            </Fragment>
          ))}
        </p>
        {events.map((event) => (
          <fieldset key={event} className="flex min-w-0 flex-col gap-2">
            <legend className="font-semibold">{t(`dash.paper.event.${event}`)}</legend>
            <p className="text-sm text-base-content/70">
              {t("dash.paper.notify.eventPlaceholders")}{" "}
              {EVENT_PLACEHOLDERS[event].map((p) => (
                <Fragment key={p}>
                  <code>{`{${p}}`}</code>{" "}
                </Fragment>
              ))}
            </p>
            <div className="grid gap-3 md:grid-cols-2">
              {loaderData.templates
                .filter((x) => x.event === event)
                .map((x) => {
                  const key = `${x.event}/${x.language}`;
                  const failedHere = failedKey === key;
                  return (
                    <TemplateForm
                      // After a save or restore the form starts again from the saved text (its
                      // typed text is the form's own state, which a new key alone resets).
                      key={`${key}|${x.template}|${failedHere ? String(failure?.details?.template ?? "") : ""}`}
                      event={x.event}
                      language={x.language}
                      saved={x.template}
                      isDefault={x.isDefault}
                      sample={loaderData.sample}
                      issue={failedHere ? issues.template : undefined}
                      typed={failedHere ? String(failure?.details?.template ?? "") : undefined}
                      notice={
                        done && `${done.event}/${done.language}` === key
                          ? t(
                              done.intent === "save"
                                ? "dash.paper.notify.saved"
                                : "dash.paper.notify.restored",
                            )
                          : undefined
                      }
                    />
                  );
                })}
            </div>
          </fieldset>
        ))}
      </section>

      <LatestMessages recent={loaderData.recent} />
    </div>
  );
}
