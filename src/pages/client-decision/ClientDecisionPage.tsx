import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { ReasonDialog } from '../budget-review/ReasonDialog';
import { PdfDownloadButton } from '../budget-review/PdfDownloadButton';
import { SignatureDialog } from '../budget-review/SignatureDialog';
import { ApproveDialog } from './ApproveDialog';
import { DecisionBar } from './DecisionBar';
import { PublicDocumentShell } from './PublicDocumentShell';
import { useDocumentLink } from './useDocumentLink';

export interface DecisionWords {
  /** The page's title: 'Invoice', 'Change order'. */
  title: string;
  approveLabel: string;
  approveTitle: string;
  rejectLabel: string;
  rejectTitle: string;
  reasonLabel: string;
  reasonRequired: string;
}

interface Props<V, O> {
  /** The link's GET path; `${path}/pdf` downloads the document as sent. */
  path: string;
  approvePath: string;
  rejectPath: string;
  words: DecisionWords;
  pdfFilename: (view: V) => string;
  /** The contact's name the approval dialog proposes. */
  contactName: (view: V) => string;
  /** The issuer asks for a drawn signature to approve: the approval is signed as on the external budget review. */
  signatureRequired: (view: V) => boolean;
  /** Whether the document still waits for this decision (an open link to a document decided meanwhile shows no buttons). */
  open: (view: V) => boolean;
  approveIntro: (view: V) => ReactNode;
  rejectIntro: (view: V) => ReactNode;
  /** The heading, facts, amounts and lines of the document. */
  summary: (view: V) => ReactNode;
  /** What the page says once decided (the link is used up: it promises nothing more). */
  outcomeText: (outcome: O) => ReactNode;
}

/**
 * A document a client decides through the link mailed with it, without an account (issue 17):
 * phone first, chrome hidden, the document's summary and its PDF as sent, and two decisions, the
 * second with a reason. Once decided, the page shows the outcome and nothing to press; a link that
 * no longer works shows the server's message alone.
 */
export function ClientDecisionPage<V, O>(props: Props<V, O>) {
  const { path, approvePath, rejectPath, words } = props;
  const { load, decide, sign } = useDocumentLink<V>(path);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [outcome, setOutcome] = useState<O | null>(null);

  const send = async (decisionPath: string, body: unknown) => {
    const result = await decide<O>(decisionPath, body);
    setDialog(null);
    if (result) setOutcome(result);
  };

  return (
    <PublicDocumentShell title={words.title} load={load}>
      {(view) => {
        const waiting = outcome === null && props.open(view);
        return (
          <>
            <Stack spacing={2} sx={{ pb: waiting ? { xs: 10, sm: 0 } : 0 }}>
              <Paper sx={{ p: { xs: 2, sm: 4 } }}>
                <Stack spacing={2.5}>
                  {outcome !== null && (
                    <Alert severity="success" role="status">
                      {props.outcomeText(outcome)}
                    </Alert>
                  )}
                  {props.summary(view)}
                  {outcome === null && <PdfDownloadButton path={`${path}/pdf`} filename={props.pdfFilename(view)} anonymous label="Download PDF" />}
                </Stack>
              </Paper>
              {waiting && <DecisionBar rejectLabel={words.rejectLabel} approveLabel={words.approveLabel} onReject={() => setDialog('reject')} onApprove={() => setDialog('approve')} />}
              {outcome === null && !props.open(view) && (
                <Typography color="text.secondary" role="status">
                  This {words.title.toLowerCase()} is no longer waiting for your decision.
                </Typography>
              )}
            </Stack>
            {dialog === 'approve' && props.signatureRequired(view) && (
              <SignatureDialog
                title={words.approveTitle}
                intro={props.approveIntro(view)}
                askName={props.contactName(view)}
                confirmLabel={words.approveLabel}
                onSign={async (png, name, onProgress) => {
                  const result = await sign<O>(approvePath, png, name, onProgress);
                  setDialog(null);
                  if (result) setOutcome(result);
                }}
                onClose={() => setDialog(null)}
              />
            )}
            {dialog === 'approve' && !props.signatureRequired(view) && (
              <ApproveDialog
                title={words.approveTitle}
                intro={props.approveIntro(view)}
                defaultName={props.contactName(view)}
                confirmLabel={words.approveLabel}
                onConfirm={(name) => send(approvePath, name ? { name } : {})}
                onClose={() => setDialog(null)}
              />
            )}
            {dialog === 'reject' && (
              <ReasonDialog
                title={words.rejectTitle}
                intro={props.rejectIntro(view)}
                label={words.reasonLabel}
                requiredMessage={words.reasonRequired}
                confirmLabel={words.rejectLabel}
                onConfirm={(reason) => send(rejectPath, { reason })}
                onClose={() => setDialog(null)}
              />
            )}
          </>
        );
      }}
    </PublicDocumentShell>
  );
}
