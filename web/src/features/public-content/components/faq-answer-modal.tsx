import { Modal, Typography } from '@mantine/core';
import type { Faq } from '@mm/contract';

/**
 * A FAQ's answer over the landing page. Its own chunk, loaded at the first question a visitor opens: the dialog's code
 * (modal, overlay, scroll area, focus trap) stays off the landing's first script.
 */
export function FaqAnswerModal({ faq, onClose }: { faq: Faq | null; onClose: () => void }) {
  return (
    <Modal opened={faq !== null} onClose={onClose} title={<span translate="no">{faq?.question}</span>} size="lg" centered>
      {/* The answer is HTML sanitized by the server (lib/sanitize-html.ts). */}
      <Typography translate="no">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side */}
        <div dangerouslySetInnerHTML={{ __html: faq?.answer ?? '' }} />
      </Typography>
    </Modal>
  );
}
