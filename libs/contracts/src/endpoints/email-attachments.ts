import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  attachmentRuleBodySchema,
  attachmentRuleSchema,
  documentSourceEmailSchema,
  savedAttachmentSchema,
  updateAttachmentRuleSchema,
} from '../email-attachments';

const RULE_CHANGES = ['/api/emails/attachment-rules'] as const;
/** A saved attachment is a new document, and the email's suggestions show what it became. */
const DOCUMENT_CHANGES = ['/api/documents', '/api/document-folders', '/api/emails', '/api/dashboard'] as const;

/** Issue 26: attachments into Documents, in one click or by the person's rules. */
export const emailAttachmentsEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/emails/:id/attachments/:index',
    response: null,
    summary:
      'The attachment (0-based, in the order the email lists them) read from the mail server: Content-Disposition attachment with its name',
  }),
  saveToDocuments: endpoint({
    method: 'POST',
    path: '/api/emails/:id/attachments/:index/document',
    response: savedAttachmentSchema,
    status: 200,
    invalidates: DOCUMENT_CHANGES,
    entity: 'document',
    summary:
      'Stores the attachment in Documents as an upload would (type from content, limits, extraction), linked to the email; the same attachment again answers its document',
  }),
  sourceEmail: endpoint({
    method: 'GET',
    path: '/api/documents/:id/source-email',
    response: documentSourceEmailSchema,
    summary: 'The message the document was saved from (subject, sender, date), or null',
  }),
  rules: endpoint({
    method: 'GET',
    path: '/api/emails/attachment-rules',
    response: z.array(attachmentRuleSchema),
    summary: 'The attachment rules: which attachments of new mail are filed into Documents',
  }),
  createRule: endpoint({
    method: 'POST',
    path: '/api/emails/attachment-rules',
    body: attachmentRuleBodySchema,
    response: attachmentRuleSchema,
    status: 201,
    invalidates: RULE_CHANGES,
    entity: 'email',
    summary: 'Adds an attachment rule; it runs on every sync for new mail',
  }),
  updateRule: endpoint({
    method: 'PATCH',
    path: '/api/emails/attachment-rules/:id',
    body: updateAttachmentRuleSchema,
    response: attachmentRuleSchema,
    invalidates: RULE_CHANGES,
    entity: 'email',
    summary: 'Changes an attachment rule (any of its fields)',
  }),
  deleteRule: endpoint({
    method: 'DELETE',
    path: '/api/emails/attachment-rules/:id',
    status: 204,
    response: null,
    invalidates: RULE_CHANGES,
    entity: 'email',
    summary: 'Removes an attachment rule (what it filed stays in Documents)',
  }),
};
