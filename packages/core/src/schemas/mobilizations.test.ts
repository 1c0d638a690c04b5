import { describe, expect, it } from 'vitest';
import {
  cutAtWord,
  isMobilizationPublic,
  mobilizationAnalyticsSchema,
  mobilizationBasicsSchema,
  mobilizationDesignSchema,
  mobilizationLaunchSharingSchema,
  mobilizationSharingSchema,
  mobilizationUpdateSchema,
  policies,
  renderMessage,
  shareFieldsComplete,
  slugify,
  suggestedShareTexts,
  templateCreateSchema,
  translate,
} from '../index';

/** Field → rendered pt-BR messages, as the API sends them. */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), renderMessage('pt-BR', issue.message)];
  }
  return out;
}

const basics = { name: 'Moradia já', goal: 'Pressionar a câmara', subthemes: [1] };

describe('slugify', () => {
  it('strips accents, lowercases and joins words with single hyphens', () => {
    expect(slugify('  Ação pela Água: São Paulo!! ')).toBe('acao-pela-agua-sao-paulo');
    expect(slugify('Ñandú — Año 2024')).toBe('nandu-ano-2024');
    expect(slugify('***')).toBe('');
  });

  it('cuts at 63 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(62)} bcd`);
    expect(slug).toBe('a'.repeat(62));
    expect(slugify('x'.repeat(80))).toHaveLength(63);
  });
});

describe('mobilization basics', () => {
  it("require name, goal and subthemes with the spec's messages", () => {
    expect(errors(mobilizationBasicsSchema.safeParse({ name: ' ', goal: '', subthemes: [] }))).toEqual({
      name: ['Insira o nome da mobilização'],
      goal: ['Insira o objetivo da mobilização'],
      subthemes: ['Insira o tema da mobilização'],
    });
    expect(errors(mobilizationBasicsSchema.safeParse({}))).toEqual({
      name: ['Insira o nome da mobilização'],
      goal: ['Insira o objetivo da mobilização'],
      subthemes: ['Insira o tema da mobilização'],
    });
  });

  it('limit name to 100, goal to 500, slug to 63 and subthemes to 3', () => {
    const result = mobilizationBasicsSchema.safeParse({
      name: 'n'.repeat(101),
      goal: 'g'.repeat(501),
      slug: 's'.repeat(64),
      subthemes: [1, 2, 3, 4],
    });
    expect(errors(result)).toEqual({
      name: ['Seu título está muito longo!'],
      goal: ['O limite de caracteres foi atingido.'],
      slug: ['Seu identificador único está muito longo!'],
      subthemes: ['Escolha no máximo 3 temas'],
    });
    const ok = mobilizationBasicsSchema.safeParse({
      name: 'n'.repeat(100),
      goal: 'g'.repeat(500),
      slug: 's'.repeat(63),
      subthemes: [1, 2, 3],
    });
    expect(ok.success).toBe(true);
  });

  it('accept lowercase letters, digits and hyphens in the slug; blank means derive it', () => {
    expect(errors(mobilizationBasicsSchema.safeParse({ ...basics, slug: 'Com Espaço' }))).toEqual({
      slug: ['Use apenas letras minúsculas, números e hifens'],
    });
    expect(mobilizationBasicsSchema.parse({ ...basics, slug: 'moradia-2024' }).slug).toBe('moradia-2024');
    expect(mobilizationBasicsSchema.parse({ ...basics, slug: '' }).slug).toBeNull();
  });

  it('take pt-BR or es as language, pt-BR by default', () => {
    expect(mobilizationBasicsSchema.parse(basics).language).toBe('pt-BR');
    expect(mobilizationBasicsSchema.parse({ ...basics, language: 'es' }).language).toBe('es');
    expect(errors(mobilizationBasicsSchema.safeParse({ ...basics, language: 'en' }))).toEqual({
      language: ['Escolha português ou espanhol'],
    });
  });

  it('leave absent fields out of a partial update', () => {
    expect(mobilizationUpdateSchema.parse({ status: 'archived' })).toEqual({ status: 'archived' });
    expect(errors(mobilizationUpdateSchema.safeParse({ status: 'template' }))).toEqual({
      status: ['Escolha ativa ou arquivada'],
    });
  });
});

describe('sharing, analytics and design', () => {
  it('limit share title 70, description 90 and tweet 280, and want an image URL', () => {
    const result = mobilizationSharingSchema.safeParse({
      facebook_share_title: 't'.repeat(71),
      facebook_share_description: 'd'.repeat(91),
      twitter_share_text: 'w'.repeat(281),
      facebook_share_image: 'javascript:alert(1)',
    });
    expect(errors(result)).toEqual({
      facebook_share_title: ['Máximo de 70 caracteres'],
      facebook_share_description: ['Máximo de 90 caracteres'],
      twitter_share_text: ['Máximo de 280 caracteres'],
      facebook_share_image: ['Informe o endereço (URL) de uma imagem'],
    });
  });

  it("require the three share texts at launch with 'Obrigatório', the image being optional", () => {
    expect(errors(mobilizationLaunchSharingSchema.safeParse({ facebook_share_title: 'T' }))).toEqual({
      facebook_share_description: ['Obrigatório'],
      twitter_share_text: ['Obrigatório'],
    });
  });

  it('count a page as public with a custom domain and the three share texts, with or without an image', () => {
    const full = {
      custom_domain: 'www.tarifazero.org',
      facebook_share_title: 'T',
      facebook_share_description: 'D',
      twitter_share_text: 'W',
    };
    expect(isMobilizationPublic(full)).toBe(true);
    expect(isMobilizationPublic({ ...full, facebook_share_image: 'https://x.org/i.png' })).toBe(true);
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(isMobilizationPublic({ ...full, [key]: null }), key).toBe(false);
      expect(isMobilizationPublic({ ...full, [key]: '  ' }), key).toBe(false);
    }
    expect(shareFieldsComplete({ ...full, custom_domain: null })).toBe(true);
    expect(shareFieldsComplete({ ...full, twitter_share_text: '' })).toBe(false);
  });

  it('cut text at a word boundary within the limit, with an ellipsis', () => {
    expect(cutAtWord('Tarifa zero', 70)).toBe('Tarifa zero');
    expect(cutAtWord('Ônibus de graça para todo mundo, todo dia', 20)).toBe('Ônibus de graça…');
    expect(cutAtWord('Ônibus de graça para todo mundo, todo dia', 33)).toBe('Ônibus de graça para todo mundo…');
    expect(cutAtWord('Supercalifragilistico', 10)).toBe('Supercali…');
    for (const max of [10, 20, 33])
      expect(cutAtWord('Ônibus de graça para todo mundo, todo dia', max).length).toBeLessThanOrEqual(max);
  });

  it('suggest share texts from the name, the goal and the address', () => {
    const goal =
      'Exigir que os imóveis públicos vazios do centro virem moradia popular, com aluguel social para quem precisa.';
    const texts = suggestedShareTexts({ name: 'Moradia digna no centro', goal }, 'https://moradia.org/');
    expect(texts).toEqual({
      facebook_share_title: 'Moradia digna no centro',
      facebook_share_description:
        'Exigir que os imóveis públicos vazios do centro virem moradia popular, com aluguel social…',
      twitter_share_text: 'Moradia digna no centro https://moradia.org/',
    });
    expect(texts.facebook_share_description.length).toBeLessThanOrEqual(90);
  });

  it("accept UA- and G- analytics ids, or nothing, else 'Informe um ID válido'", () => {
    for (const code of ['UA-12345-1', 'ua-1234567-12', 'G-ABC123XYZ', '', null])
      expect(mobilizationAnalyticsSchema.safeParse({ google_analytics_code: code }).success, String(code)).toBe(true);
    expect(mobilizationAnalyticsSchema.parse({ google_analytics_code: 'g-abcd123' }).google_analytics_code).toBe(
      'G-ABCD123',
    );
    for (const code of ['UA-12-1', 'GTM-ABC123', 'G-', '12345', 'UA-12345'])
      expect(errors(mobilizationAnalyticsSchema.safeParse({ google_analytics_code: code })), code).toEqual({
        google_analytics_code: ['Informe um ID válido'],
      });
  });

  it("take fonts from the spec's list only", () => {
    expect(mobilizationDesignSchema.safeParse({ header_font: 'Merriweather Sans', body_font: 'PT Mono' }).success).toBe(
      true,
    );
    expect(errors(mobilizationDesignSchema.safeParse({ header_font: 'Comic Sans' }))).toEqual({
      header_font: ['Escolha uma fonte da lista'],
    });
  });

  it('take the select’s default (blank) as no font of the page’s own, so the colours save alone', () => {
    expect(
      mobilizationDesignSchema.parse({ header_font: 'Oswald', body_font: '', color_scheme: 'meurio-scheme' }),
    ).toMatchObject({ header_font: 'Oswald', body_font: null, color_scheme: 'meurio-scheme' });
  });
});

describe('templates', () => {
  it("require name and goal with 'Preenchimento obrigatório'", () => {
    expect(errors(templateCreateSchema.safeParse({ name: '', mobilization_id: 1 }))).toEqual({
      name: ['Preenchimento obrigatório'],
      goal: ['Preenchimento obrigatório'],
    });
    expect(
      errors(templateCreateSchema.safeParse({ name: 'n'.repeat(101), goal: 'g'.repeat(501), mobilization_id: 1 })),
    ).toEqual({ name: ['Máximo de 100 caracteres'], goal: ['Máximo de 500 caracteres'] });
  });

  it('let members delete their own templates and only the platform admin delete global ones', () => {
    const member = { communityId: 1, role: 2 };
    const user = { id: 1, isAdmin: false };
    expect(policies.canDeleteTemplate(user, member, { global: false })).toBe(true);
    expect(policies.canDeleteTemplate(user, member, { global: true })).toBe(false);
    expect(policies.canDeleteTemplate(user, undefined, { global: false })).toBe(false);
    expect(policies.canDeleteTemplate({ id: 2, isAdmin: true }, undefined, { global: true })).toBe(true);
    expect(policies.canUseTemplate(user, undefined, { global: true })).toBe(true);
    expect(policies.canUseTemplate(user, undefined, { global: false })).toBe(false);
  });
});

describe('duplicate-slug messages', () => {
  it('quote the spec in pt-BR and fill the name or slug', () => {
    expect(translate('pt-BR', 'mobilizationForm.slugTaken', { name: 'Moradia' })).toBe(
      'Mobilização com nome "Moradia" já existe!',
    );
    expect(translate('pt-BR', 'mobilizationForm.slugTakenOnUpdate', { slug: 'moradia' })).toBe(
      'O identificador "moradia" já é usado por outra mobilização. Escolha outro.',
    );
    expect(translate('es', 'mobilizationForm.slugTakenOnUpdate', { slug: 'x' })).toContain('"x"');
  });
});
