import { registerServerMessageCatalogs } from './server';
import { hasMessageCatalog, messageLocaleFrom, registerMessageCatalog, translateMessage } from './translate';

registerServerMessageCatalogs();

describe('translateMessage', () => {
  it('reads a catalog registered as a function when its language is first asked for, and only once', () => {
    const read = jest.fn(() => ({ 'Task not found': 'Tehtävää ei löydy' }));
    registerMessageCatalog('fi', read);
    expect(hasMessageCatalog('fi')).toBe(true);
    expect(translateMessage('Task not found', 'es')).toBe('Tarea no encontrada');
    expect(read).not.toHaveBeenCalled();
    expect(translateMessage('Task not found', 'fi-FI')).toBe('Tehtävää ei löydy');
    expect(translateMessage('Task not found', 'fi')).toBe('Tehtävää ei löydy');
    expect(read).toHaveBeenCalledTimes(1);
    // Registered again (a browser switching back to a language): the new catalog is read.
    registerMessageCatalog('fi', { 'Task not found': 'Tehtävää ei ole' });
    expect(translateMessage('Task not found', 'fi')).toBe('Tehtävää ei ole');
  });

  it('translates a fixed message', () => {
    expect(translateMessage('Task not found', 'es')).toBe('Tarea no encontrada');
    expect(translateMessage('Title is required', 'de')).toBe('Der Titel ist erforderlich');
    expect(translateMessage('Event not found', 'ja')).toBe('予定が見つかりません');
  });

  it('translates a message with a number, keeping the number', () => {
    expect(translateMessage('Page size must be at most 100', 'fr')).toBe('La taille de page ne peut pas dépasser 100');
    expect(translateMessage('Upload at most 20 files at a time', 'zh')).toBe('每次最多上传 20 个文件');
  });

  it('translates the field a generic message names', () => {
    expect(translateMessage('Title must be at most 200 characters', 'es')).toBe('Título: como máximo 200 caracteres');
    expect(translateMessage('Location must not contain NUL characters', 'de')).toBe(
      'Ort: darf keine NUL-Zeichen enthalten',
    );
  });

  it('keeps a user’s own text in a message as it is', () => {
    expect(translateMessage('Research finished: Solar panels', 'fr')).toBe('Recherche terminée : Solar panels');
    expect(translateMessage('Email sync finished', 'de')).toBe('E-Mail-Synchronisierung: abgeschlossen');
  });

  it('translates each message of a joined validation answer', () => {
    expect(translateMessage('Title is required; End time must be after start time', 'es')).toBe(
      'Introduce un título; La hora de fin debe ser posterior a la de inicio',
    );
  });

  it('leaves English, an unknown message and an unknown language unchanged', () => {
    expect(translateMessage('Task not found', 'en')).toBe('Task not found');
    expect(translateMessage('Something no catalog knows', 'es')).toBe('Something no catalog knows');
    expect(translateMessage('Task not found', 'pt')).toBe('Task not found');
    expect(translateMessage('', 'es')).toBe('');
  });

  it('accepts a regional tag', () => {
    expect(translateMessage('Task not found', 'es-MX')).toBe('Tarea no encontrada');
  });
});

describe('messageLocaleFrom', () => {
  it.each([
    ['es', 'es'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['pt-BR, fr;q=0.5', 'fr'],
    ['en;q=0.5, ja', 'ja'],
    ['zh-Hans-CN', 'zh'],
    ['pt', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (header, locale) => {
    expect(messageLocaleFrom(header)).toBe(locale);
  });
});
