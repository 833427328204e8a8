import { and, eq } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import {
  DEFAULT_TEMPLATES,
  isMessageLanguage,
  isSmsEvent,
  MESSAGE_LANGUAGES,
  type MessageLanguage,
  SMS_EVENTS,
  type SmsEvent,
  templateProblem,
} from "~/core/notifications";
import type { Db } from "../db/client";
import { messageTemplates } from "../db/schema";
import { AppError } from "../errors";
import { assertAdmin } from "../services/authorize";

export type TemplateView = {
  event: SmsEvent;
  language: MessageLanguage;
  template: string;
  /** False once an admin saved their own text. */
  isDefault: boolean;
  defaultTemplate: string;
  updatedAt: string | null;
};

/** The template of one event in one language: the admin's, else the default. */
export async function templateFor(
  db: Db,
  event: SmsEvent,
  language: MessageLanguage,
): Promise<string> {
  const [row] = await db
    .select({ template: messageTemplates.template })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.event, event), eq(messageTemplates.language, language)))
    .limit(1);
  return row?.template ?? DEFAULT_TEMPLATES[event][language];
}

/** Every event's template in both languages (admins). */
export async function listTemplates(db: Db, actor: Actor | null): Promise<TemplateView[]> {
  assertAdmin(actor);
  const rows = await db.select().from(messageTemplates);
  const saved = new Map(rows.map((r) => [`${r.event}/${r.language}`, r]));
  return SMS_EVENTS.flatMap((event) =>
    MESSAGE_LANGUAGES.map((language) => {
      const row = saved.get(`${event}/${language}`);
      return {
        event,
        language,
        template: row?.template ?? DEFAULT_TEMPLATES[event][language],
        isDefault: !row,
        defaultTemplate: DEFAULT_TEMPLATES[event][language],
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    }),
  );
}

function checkKeys(
  event: string,
  language: string,
): { event: SmsEvent; language: MessageLanguage } {
  if (!isSmsEvent(event)) throw AppError.notFound("Message event");
  if (!isMessageLanguage(language)) throw AppError.notFound("Template language");
  return { event, language };
}

/**
 * Saves an admin's text for an event's messages in one language. An empty text, one too long or
 * with a placeholder we do not fill is refused (400, the issue under `template`).
 */
export async function saveTemplate(
  db: Db,
  actor: Actor | null,
  input: { event: string; language: string; template: string },
): Promise<TemplateView> {
  assertAdmin(actor);
  const { event, language } = checkKeys(input.event, input.language);
  const template = input.template.trim();
  const problem = templateProblem(template, event);
  if (problem) {
    throw new AppError("invalid", "The template cannot be saved", [
      { path: "template", message: problem },
    ]);
  }
  const now = new Date();
  await db
    .insert(messageTemplates)
    .values({ event, language, template, updatedByUserId: actor?.userId ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: [messageTemplates.event, messageTemplates.language],
      set: { template, updatedByUserId: actor?.userId ?? null, updatedAt: now },
    });
  return {
    event,
    language,
    template,
    isDefault: false,
    defaultTemplate: DEFAULT_TEMPLATES[event][language],
    updatedAt: now.toISOString(),
  };
}

/** Back to the default text of an event in one language. */
export async function restoreDefaultTemplate(
  db: Db,
  actor: Actor | null,
  input: { event: string; language: string },
): Promise<TemplateView> {
  assertAdmin(actor);
  const { event, language } = checkKeys(input.event, input.language);
  await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.event, event), eq(messageTemplates.language, language)));
  return {
    event,
    language,
    template: DEFAULT_TEMPLATES[event][language],
    isDefault: true,
    defaultTemplate: DEFAULT_TEMPLATES[event][language],
    updatedAt: null,
  };
}
