import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { slideInputSchema } from "../../../core/schemas";
import { notify, toast } from "../../components/dialogs";
import { apiFieldIssues, type FieldIssues, zodFieldIssues } from "../../lib/field-issues";
import { apiFetch } from "../account/api-client";
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
export type SlideFields = { _id: string; image: string; title: string };

type Props = { mode: "add" } | { mode: "update"; slide: SlideFields };

/** Add or update a home slide: one 900x450 image and its title (the image's alt text). */
export function SlideForm(props: Props) {
  const texts = MODES[props.mode];
  const navigate = useNavigate();
  const stored = props.mode === "update" ? props.slide : null;
  const [slot, setSlot] = useState<ImageSlotState>(slotOf(stored?.image));
  const [title, setTitle] = useState(stored?.title ?? "");
  const [issues, setIssues] = useState<FieldIssues>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!slotIsFilled(slot)) return setIssues({ image: "Choose an image" });
    const checked = slideInputSchema.safeParse({ image: slot.url ?? "/media/pending", title });
    if (!checked.success) return setIssues(zodFieldIssues(checked.error));
    setIssues({});
    setBusy(true);
    try {
      const [image] = await uploadSlots([slot], "slide", (_, s) => setSlot(s));
      const res = await apiFetch(
        stored ? `/api/updateSlider/${encodeURIComponent(stored._id)}` : "/api/postSlider",
        {
          method: stored ? "PUT" : "POST",
          body: JSON.stringify({ image, title, time: new Date().toISOString() }),
        },
      );
      if (!res.ok) {
        setIssues(await apiFieldIssues(res));
        toast(texts.failure, { icon: "error" });
        return;
      }
      toast(texts.success);
      await navigate("/dashboard/manageSlider");
    } catch {
      notify({ icon: "error", title: "Error!", text: texts.failure });
    } finally {
      setBusy(false);
    }
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
        onChange={setSlot}
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
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={issues.title ? true : undefined}
          aria-describedby={issues.title ? "slide-title-issue" : undefined}
        />
        {issues.title ? (
          <p id="slide-title-issue" className="text-sm text-error">
            {issues.title}
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
