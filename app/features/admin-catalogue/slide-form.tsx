import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { notify, toast } from "~/app/components/dialogs";
import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import { type FieldIssues, issuesByField, zodFieldIssues } from "~/app/lib/field-issues";
import { useRouteAction } from "~/app/lib/use-route-action";
import { slideInputSchema } from "~/core/schemas";
import { FormEnd, useIssueText } from "./form-end";
import { recheckedIssues } from "./form-issues";
import { ImageSlot, type ImageSlotState, slotIsFilled, slotOf, uploadSlots } from "./image-slot";

/** Spec §8 texts of the two modes (app/i18n/dashboard/catalogue.ts). */
const MODES = {
  add: {
    button: "dash.catalogue.form.upload",
    busy: "dash.catalogue.form.uploading",
    success: "dash.catalogue.slide.added",
    failure: "dash.catalogue.slide.addFailed",
  },
  update: {
    button: "dash.catalogue.form.update",
    busy: "dash.catalogue.form.updating",
    success: "dash.catalogue.slide.updated",
    failure: "dash.catalogue.slide.updateFailed",
  },
} as const satisfies Record<string, Record<string, MessageKey>>;

/** A stored slide as the update page loads it (spec §3). */
export type SlideFields = {
  _id: string;
  image: string;
  title: string;
  titleBn?: string;
  /** When the slide last changed: the save is refused if someone changed it since. */
  updatedAt: string;
};

type Props = { mode: "add" } | { mode: "update"; slide: SlideFields };

/** What the page can check before any upload: an image is chosen, the title passes the schema. */
function slideIssues(slot: ImageSlotState, title: string): FieldIssues {
  if (!slotIsFilled(slot)) return { image: "Choose an image" };
  const checked = slideInputSchema.safeParse({ image: slot.url ?? "/media/pending", title });
  return checked.success ? {} : zodFieldIssues(checked.error);
}

/**
 * Add or update a home slide: one 900x450 image and its title (the image's alt text). The image
 * uploads first (XHR to /api/images); the form then posts `{ image, title }` to its route's
 * action, which calls the same service as the JSON API.
 */
export function SlideForm(props: Props) {
  const texts = MODES[props.mode];
  const { t } = useI18n();
  const navigate = useNavigate();
  const save = useRouteAction();
  const stored = props.mode === "update" ? props.slide : null;
  const [slot, setSlot] = useState<ImageSlotState>(slotOf(stored?.image));
  const [title, setTitle] = useState(stored?.title ?? "");
  const [titleBn, setTitleBn] = useState(stored?.titleBn ?? "");
  const [issues, setIssues] = useState<FieldIssues>({});
  const [uploading, setUploading] = useState(false);
  const busy = uploading || save.busy;

  /** An issue goes as soon as its field is valid again (the image's once one is chosen). */
  function change(nextSlot: ImageSlotState, nextTitle: string) {
    setSlot(nextSlot);
    setTitle(nextTitle);
    if (Object.keys(issues).length === 0) return;
    // The server's word on a stored image stands until another image is chosen.
    const uncheckable = nextSlot === slot ? ["form", "image"] : ["form"];
    setIssues(recheckedIssues(issues, slideIssues(nextSlot, nextTitle), uncheckable));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = slideIssues(slot, title);
    if (Object.keys(found).length > 0) return setIssues(found);
    setIssues({});
    let image: string | undefined;
    setUploading(true);
    try {
      [image] = await uploadSlots([slot], "slide", (_, s) => setSlot(s));
    } catch {
      notify({ icon: "error", title: t("dash.catalogue.form.error"), text: t(texts.failure) });
      return;
    } finally {
      setUploading(false);
    }
    const outcome = await save.submit({
      image: image ?? "",
      title,
      titleBn,
      ...(stored ? { updatedAt: stored.updatedAt } : {}),
    });
    if (outcome.kind === "failure") {
      setIssues(issuesByField(outcome.failure.issues));
      toast(t(texts.failure), { icon: "error" });
      return;
    }
    toast(t(texts.success));
    // The action redirects to the slider table; should this page still be showing, go there.
    if (outcome.kind === "done") await navigate("/dashboard/manageSlider");
  }

  const issueOf = useIssueText(issues);

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-4">
      <ImageSlot
        label={t("dash.catalogue.slide.image")}
        sizeHint={t("dash.catalogue.slide.imageSize")}
        slot={slot}
        originalWidth={900}
        previewClassName="aspect-[2/1] w-full"
        error={issues.image}
        disabled={busy}
        onChange={(next) => change(next, title)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="slide-title" className="text-sm font-medium">
          {t("dash.catalogue.slide.title")}{" "}
          <span className="font-normal text-base-content/70">
            {t("dash.catalogue.slide.titleHint")}
          </span>
        </label>
        <input
          id="slide-title"
          className="input w-full"
          value={title}
          maxLength={120}
          onChange={(e) => change(slot, e.target.value)}
          aria-invalid={issues.title ? true : undefined}
          aria-describedby={issues.title ? "slide-title-issue" : undefined}
        />
        {issues.title ? (
          <p id="slide-title-issue" className="text-sm text-error">
            {issueOf("title")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="slide-titleBn" lang="bn" className="text-sm font-medium">
          শিরোনাম, বাংলায় <span className="font-normal text-base-content/70">(ঐচ্ছিক)</span>
        </label>
        <input
          id="slide-titleBn"
          name="titleBn"
          lang="bn"
          className="input w-full"
          value={titleBn}
          maxLength={120}
          onChange={(e) => setTitleBn(e.target.value)}
          aria-invalid={issues.titleBn ? true : undefined}
          aria-describedby={issues.titleBn ? "slide-titleBn-issue" : undefined}
        />
        {issues.titleBn ? (
          <p id="slide-titleBn-issue" className="text-sm text-error">
            {issueOf("titleBn")}
          </p>
        ) : null}
      </div>
      <FormEnd issues={issues} busy={busy} label={t(busy ? texts.busy : texts.button)} />
    </form>
  );
}
