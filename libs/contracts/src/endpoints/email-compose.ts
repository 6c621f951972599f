import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  composeUploadSchema,
  emailContactSchema,
  emailContactsQuerySchema,
  saveDraftSchema,
  savedDraftSchema,
} from '../email-drafts';

/** A saved draft shows in the Drafts tab and its count. */
const DRAFT_CHANGES = ['/api/emails', '/api/emails/stats'] as const;

/** Issue 24: the New Message window's drafts, address suggestions and uploads. */
export const emailComposeEndpoints = {
  contacts: endpoint({
    method: 'GET',
    path: '/api/emails/contacts',
    query: emailContactsQuerySchema,
    response: z.array(emailContactSchema),
    summary: "Addresses from the user's mail (from, to, cc) matching q, most frequent and recent first",
  }),
  createDraft: endpoint({
    method: 'PUT',
    path: '/api/emails/drafts',
    body: saveDraftSchema,
    response: savedDraftSchema,
    invalidates: DRAFT_CHANGES,
    entity: 'email',
    summary: "A new draft: stored, and filed in the account's Drafts folder (\\Draft)",
  }),
  updateDraft: endpoint({
    method: 'PUT',
    path: '/api/emails/drafts/:id',
    body: saveDraftSchema,
    response: savedDraftSchema,
    invalidates: DRAFT_CHANGES,
    entity: 'email',
    summary: 'The draft as written now; its server copy is replaced',
  }),
  getDraft: endpoint({
    method: 'GET',
    path: '/api/emails/drafts/:id',
    response: savedDraftSchema,
    summary: 'A draft as a message to edit (also one written in another mail client)',
  }),
  deleteDraft: endpoint({
    method: 'DELETE',
    path: '/api/emails/drafts/:id',
    response: null,
    status: 204,
    invalidates: DRAFT_CHANGES,
    entity: 'email',
    summary: 'Discards the draft here and on the server',
  }),
  /** multipart/form-data, one `files` part: no JSON body schema. */
  upload: endpoint({
    method: 'POST',
    path: '/api/emails/attachments',
    response: composeUploadSchema,
    status: 201,
    summary: 'A file to attach to a message being written (size-limited)',
  }),
};
