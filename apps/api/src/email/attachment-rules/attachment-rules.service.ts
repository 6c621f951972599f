import {
  type AttachmentRule,
  type AttachmentRuleValues,
  DOCUMENT_MESSAGES,
  EMAIL_ATTACHMENT_MESSAGES,
  EMAIL_MESSAGES,
} from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DocumentFolderEntity } from '../../documents/document-folder.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { AttachmentRuleEntity } from './attachment-rule.entity';

export function toAttachmentRule(row: AttachmentRuleEntity): AttachmentRule {
  return {
    id: row.id,
    name: row.name,
    sender: row.sender,
    senderMatch: row.senderMatch,
    subjectContains: row.subjectContains,
    attachmentType: row.attachmentType,
    integrationId: row.integrationId,
    folderId: row.folderId,
    tag: row.tag,
    enabled: row.enabled,
    filedCount: row.filedCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The attachment rules' CRUD (/api/emails/attachment-rules); the folder and account must be the user's. */
@Injectable()
export class AttachmentRulesService {
  constructor(
    @InjectRepository(AttachmentRuleEntity) private readonly rules: Repository<AttachmentRuleEntity>,
    @InjectRepository(DocumentFolderEntity) private readonly folders: Repository<DocumentFolderEntity>,
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
  ) {}

  async list(userId: number): Promise<AttachmentRule[]> {
    const rows = await this.rules.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAttachmentRule);
  }

  async create(userId: number, values: AttachmentRuleValues): Promise<AttachmentRule> {
    await this.checkReferences(userId, values);
    const row = await this.rules.save(this.rules.create({ ...values, userId }));
    return toAttachmentRule(row);
  }

  async update(userId: number, id: number, values: Partial<AttachmentRuleValues>): Promise<AttachmentRule> {
    const row = await this.rules.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(EMAIL_ATTACHMENT_MESSAGES.ruleNotFound);
    await this.checkReferences(userId, values);
    Object.assign(row, values);
    return toAttachmentRule(await this.rules.save(row));
  }

  async remove(userId: number, id: number): Promise<void> {
    const result = await this.rules.delete({ id, userId });
    if (!result.affected) throw new NotFoundException(EMAIL_ATTACHMENT_MESSAGES.ruleNotFound);
  }

  /** Enabled rules, oldest first (the first matching rule files an attachment). */
  enabledRules(userId: number): Promise<AttachmentRuleEntity[]> {
    return this.rules.find({ where: { userId, enabled: true }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async countFiled(ruleId: number, filed: number): Promise<void> {
    if (filed > 0) await this.rules.increment({ id: ruleId }, 'filedCount', filed);
  }

  private async checkReferences(userId: number, values: Partial<AttachmentRuleValues>): Promise<void> {
    if (values.folderId != null && !(await this.folders.existsBy({ id: values.folderId, userId })))
      throw new NotFoundException(DOCUMENT_MESSAGES.folderNotFound);
    if (values.integrationId != null && !(await this.integrations.existsBy({ id: values.integrationId, userId })))
      throw new NotFoundException(EMAIL_MESSAGES.integrationNotFound);
  }
}
