import {
  type CreateEmailIntegrationPayload,
  EMAIL_MESSAGES,
  type EmailIntegration,
  OUTBOUND_MESSAGES,
  type UpdateEmailIntegrationPayload,
} from '@aide/contracts';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { isUniqueViolation } from '../common/db-errors.util';
import { OutboundPolicy, OutboundRefusedError } from '../outbound/outbound-policy';
import { withinPlanQuota } from '../common/plan-quota';
import type { EmailCredentials } from './email-integration.entity';
import { EmailIntegrationEntity } from './email-integration.entity';
import { toEmailIntegration } from './email-integration.mapper';

/** Empty optional text is stored as null. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** A user's mail accounts. Every method is scoped to that user: others' ids are "not found". */
@Injectable()
export class EmailIntegrationsService {
  private readonly logger = new Logger('EmailIntegrations');

  constructor(
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
    private readonly cipher: CredentialsCipher,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** Oldest first, as connected. */
  async list(userId: number): Promise<EmailIntegration[]> {
    const rows = await this.integrations.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toEmailIntegration);
  }

  async get(userId: number, id: number): Promise<EmailIntegrationEntity> {
    const row = await this.integrations.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(EMAIL_MESSAGES.integrationNotFound);
    return row;
  }

  /**
   * Stores the account with its password encrypted. The gmail, outlook and yahoo presets keep no
   * host or port (resolveMailServers() supplies theirs); only imap stores what was given. The
   * first sync signs in, and an account the server refuses is marked inactive with the reason.
   */
  async create(userId: number, input: CreateEmailIntegrationPayload): Promise<EmailIntegration> {
    const custom = input.provider === 'imap';
    if (custom) await this.checkServers(input);
    const credentials: EmailCredentials = { password: input.password };
    const row = this.integrations.create({
      userId,
      provider: input.provider,
      email: input.email.toLowerCase(),
      displayName: textOrNull(input.displayName),
      username: textOrNull(input.username),
      imapHost: custom ? textOrNull(input.imapHost) : null,
      imapPort: custom ? (input.imapPort ?? null) : null,
      smtpHost: custom ? textOrNull(input.smtpHost) : null,
      smtpPort: custom ? (input.smtpPort ?? null) : null,
      syncFrequency: input.syncFrequency,
      autoRespond: input.autoRespond,
      autoCategories: input.autoCategories,
      credentials: this.cipher.encrypt(credentials),
    });
    try {
      // 403 past the plan's email account quota.
      await withinPlanQuota(this.integrations.manager.connection, userId, 'emailAccounts', (manager) =>
        manager.insert(EmailIntegrationEntity, row),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(EMAIL_MESSAGES.integrationExists);
      throw error;
    }
    return toEmailIntegration(await this.get(userId, row.id));
  }

  /**
   * The IMAP and SMTP hosts must be ones the outbound policy lets the server connect to (checked
   * again at every connection): refused with the same words as a server that does not answer. A
   * name that does not resolve yet is kept; the first sync reports it.
   */
  private async checkServers(input: CreateEmailIntegrationPayload): Promise<void> {
    const hosts = [input.imapHost, input.smtpHost || input.imapHost].filter((host): host is string => !!host);
    for (const host of new Set(hosts)) {
      try {
        await this.outbound.resolve(host);
      } catch (error) {
        if (!(error instanceof OutboundRefusedError) || error.reason === 'not-found') continue;
        this.logger.warn(`Mail account not added: ${error.message}`);
        throw new BadRequestException(OUTBOUND_MESSAGES.couldNotConnect(host));
      }
    }
  }

  async update(userId: number, id: number, changes: UpdateEmailIntegrationPayload): Promise<EmailIntegration> {
    await this.get(userId, id);
    if (Object.keys(changes).length > 0) await this.integrations.update({ id, userId }, changes);
    return toEmailIntegration(await this.get(userId, id));
  }

  /** Removes the account and, by the foreign key, every message synced from or sent through it. */
  async remove(userId: number, id: number): Promise<void> {
    const { affected } = await this.integrations.delete({ id, userId });
    if (!affected) throw new NotFoundException(EMAIL_MESSAGES.integrationNotFound);
  }
}
