import type { ApiErrorBody, NotificationList } from '@aide/contracts';
import request from 'supertest';
import { buildRegistration, signUp } from '../../test/factories';
import { startSmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsService } from '../notifications/notifications.service';

// Issue 22: the server's texts follow the reader's language (Accept-Language, which the app sends on
// every call); without it, or in a language we do not speak, they stay the spec's English.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invalidRegistration = { email: 'not-an-email', password: 'short', firstName: '', lastName: 'X' };

describe('error messages', () => {
  it('answers a 400 in Spanish, every field message too, with Accept-Language: es', async () => {
    const response = await request(t.http)
      .post('/api/auth/register')
      .set('Accept-Language', 'es')
      .send(invalidRegistration)
      .expect(400);
    const body = response.body as ApiErrorBody;
    expect(body.errors).toEqual([
      { path: 'email', message: 'Correo electrónico no válido' },
      { path: 'password', message: 'La contraseña debe tener al menos 8 caracteres' },
      { path: 'firstName', message: 'Introduce tu nombre' },
    ]);
    expect(body.message).toBe(
      'Correo electrónico no válido; La contraseña debe tener al menos 8 caracteres; Introduce tu nombre',
    );
  });

  it('answers the same 400 in English without Accept-Language, and for a language we do not speak', async () => {
    for (const language of [undefined, 'pt-BR, it;q=0.8']) {
      const call = request(t.http).post('/api/auth/register');
      if (language) call.set('Accept-Language', language);
      const response = await call.send(invalidRegistration).expect(400);
      expect(response.body).toEqual({
        message: 'Invalid email; Password must be at least 8 characters; First name is required',
        errors: [
          { path: 'email', message: 'Invalid email' },
          { path: 'password', message: 'Password must be at least 8 characters' },
          { path: 'firstName', message: 'First name is required' },
        ],
      });
    }
  });

  it('answers a 404 in German and a 409 in French, by the first language the header names', async () => {
    const { agent, credentials } = await signUp(request.agent(t.http));
    await agent
      .delete('/api/events/987654')
      .set('Accept-Language', 'de-AT,de;q=0.9,en;q=0.8')
      .expect(404, { message: 'Termin nicht gefunden' });
    await request(t.http)
      .post('/api/auth/register')
      .set('Accept-Language', 'fr-CA, en;q=0.5')
      .send(buildRegistration({ email: credentials.email }))
      .expect(409, { message: 'Un compte existe déjà avec cette adresse e-mail' });
  });

  it('translates a field’s label inside a message, in Japanese', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const response = await agent
      .post('/api/events')
      .set('Accept-Language', 'ja')
      .send({ title: 'x'.repeat(201), startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T11:00:00Z' })
      .expect(400);
    expect(response.body.message).toBe('タイトルは 200 文字以内で入力してください');
  });
});

describe('notifications', () => {
  it('lists a notification in German, stored once in English, and in English without the header', async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    const notifications = t.app.get(NotificationsService);
    await notifications.notify(user.id, {
      kind: 'research_finished',
      module: 'research',
      title: 'Research finished: Solar panels',
      body: '3 sources cited, credibility 72/100.',
    });
    await notifications.notify(user.id, { kind: 'sync_failed', module: 'email', title: 'Email sync failed' });

    const german = (await agent.get('/api/notifications').set('Accept-Language', 'de').expect(200))
      .body as NotificationList;
    expect(german.items.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'E-Mail-Synchronisierung fehlgeschlagen', body: null },
      { title: 'Recherche abgeschlossen: Solar panels', body: '3 Quellen zitiert, Glaubwürdigkeit 72/100.' },
    ]);

    const english = (await agent.get('/api/notifications').expect(200)).body as NotificationList;
    expect(english.items.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Email sync failed', body: null },
      { title: 'Research finished: Solar panels', body: '3 sources cited, credibility 72/100.' },
    ]);
  });
});

describe('the app’s own mail', () => {
  it('is written in the addressee’s profile language', async () => {
    const smtp = await startSmtpCapture();
    const mailing = await createTestApp({
      env: { MAIL_SMTP_URL: smtp.url, MAIL_FROM: 'Aide <no-reply@aide.test>', PUBLIC_URL: 'https://aide.example.com' },
    });
    try {
      const credentials = buildRegistration({ firstName: 'Camille' });
      await request(mailing.http).post('/api/auth/register').send(credentials).expect(202);
      const user = { email: credentials.email };
      expect((await smtp.next(user.email, 0)).subject).toBe('Confirm your email address for Aide');
      const agent = request.agent(mailing.http);
      await agent
        .post('/api/auth/login')
        .send({ email: credentials.email, password: credentials.password })
        .expect(200);
      await agent.patch('/api/profile').send({ language: 'fr' }).expect(200);
      // The answer in the request's language; the mail in the profile's.
      await request(mailing.http)
        .post('/api/auth/password-reset/request')
        .set('Accept-Language', 'es')
        .send({ email: user.email })
        .expect(202, {
          message:
            'Si alguna cuenta usa esta dirección, le hemos enviado un enlace para establecer una nueva contraseña. Revisa tu bandeja de entrada.',
        });
      const mail = await smtp.next(user.email, 1);
      expect(mail.subject).toBe('Définissez un nouveau mot de passe pour Aide');
      expect(mail.text).toContain('Bonjour Camille,');
      expect(mail.text).toContain('Le lien ne fonctionne qu’une fois et expire dans une heure.');
      expect(mail.text).toMatch(/https:\/\/aide\.example\.com\/\S+token=/);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
