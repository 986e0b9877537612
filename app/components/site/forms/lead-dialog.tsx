import { track } from "~/lib/track";
import { LeadDialogForm } from "./lead-dialog-form";
import { Modal } from "./modal";
import type { LeadActionData } from "./use-lead-form";

function openRedirect(data: LeadActionData) {
  if (data.redirectUrl) setTimeout(() => window.open(data.redirectUrl!, "_blank", "noopener"), 1000);
}

function download(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * What follows the success of a guide or get-started form, in its dialog or on its own page: for a
 * guide, its event and download; for either, the redirect after a second.
 */
export function followLeadSuccess(data: LeadActionData, guideTitle?: string) {
  if (guideTitle) {
    track("pdf_download_success", { pdf_title: guideTitle, lead_email: data.leadEmail });
    if (data.downloadUrl) download(data.downloadUrl);
  }
  openRedirect(data);
}

export type LeadDialogProps =
  | { kind: "get-started"; source: string; formId?: string; redirectUrl?: string; onClose: () => void }
  | { kind: "guide"; title: string; redirectUrl?: string; onClose: () => void };

/**
 * The get-started and guide dialogs, loaded only when a visitor opens one. After success the guide
 * file downloads (when set) and an optional redirect opens after a second.
 */
export default function LeadDialog(props: LeadDialogProps) {
  const onSuccess = (data: LeadActionData) => {
    props.onClose();
    followLeadSuccess(data, props.kind === "guide" ? props.title : undefined);
  };
  if (props.kind === "guide") {
    return (
      <Modal open onClose={props.onClose} title={props.title} description="Leave your details to get the guide.">
        <LeadDialogForm
          flow="guide"
          hidden={{ guideTitle: props.title, redirectUrl: props.redirectUrl }}
          submitLabel="Download Now"
          busyLabel="Processing..."
          onSuccess={onSuccess}
        />
      </Modal>
    );
  }
  return (
    <Modal open onClose={props.onClose} title={`Get Started - ${props.source}`}>
      <LeadDialogForm
        flow="get-started"
        hidden={{ sourceLabel: props.source, formId: props.formId, redirectUrl: props.redirectUrl }}
        submitLabel="Get Started"
        busyLabel="Submitting..."
        onSuccess={onSuccess}
      />
    </Modal>
  );
}
