import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { notify, toast } from "~/app/components/dialogs";
import { type FieldIssues, issuesByField, zodFieldIssues } from "~/app/lib/field-issues";
import { useRouteAction } from "~/app/lib/use-route-action";
import { slideInputSchema } from "~/core/schemas";
import { recheckedIssues } from "./form-issues";
import { ImageSlot, type ImageSlotState, slotIsFilled, slotOf, uploadSlots } from "./image-slot";

/** Spec §8 texts of the two modes. */
const MODES = {
  add: {
    button: "Upload",
    busy: "Uploading...",
    success: "Slider data add successfully",
    failure: "Failed to add slider data",
  },
  update: {
    button: "Update",
    busy: "Updating...",
    success: "Slider data update successfully",
    failure: "Failed to update slider data",
  },
} as const;

/** A stored slide as the update page loads it (spec §3). */
export type SlideFields = { _id: string; image: string; title: string; titleBn?: string };

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
      notify({ icon: "error", title: "Error!", text: texts.failure });
      return;
    } finally {
      setUploading(false);
    }
    const outcome = await save.submit({ image: image ?? "", title, titleBn });
    if (outcome.kind === "failure") {
      setIssues(issuesByField(outcome.failure.issues));
      toast(texts.failure, { icon: "error" });
      return;
    }
    toast(texts.success);
    // The action redirects to the slider table; should this page still be showing, go there.
    if (outcome.kind === "done") await navigate("/dashboard/manageSlider");
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-4">
      <ImageSlot
        label="Slide Image"
        sizeHint="900x450"
        slot={slot}
        originalWidth={900}
        previewClassName="aspect-[2/1] w-full"
        error={issues.image}
        disabled={busy}
        onChange={(next) => change(next, title)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="slide-title" className="text-sm font-medium">
          Title <span className="font-normal text-base-content/70">(alt text of the image)</span>
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
            {issues.title}
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
            {issues.titleBn}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className="btn btn-primary min-w-40" disabled={busy}>
          {busy ? texts.busy : texts.button}
        </button>
      </div>
    </form>
  );
}
