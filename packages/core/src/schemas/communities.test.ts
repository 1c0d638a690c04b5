import { describe, expect, it } from 'vitest';
import { renderMessage } from '../messages';
import { communityInfoSchema, communityUpdateSchema } from './communities';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [String(i.path[0]), renderMessage('pt-BR', i.message)]),
  ) as Record<string, string>;

const info = {
  name: 'Coletivo da Praça',
  city: 'Olinda',
  description: '',
  image: '',
  fb_link: '',
  twitter_link: '',
  email_template_from: '',
};

describe('the community Informações tab', () => {
  it("requires name and city with the spec's messages, as on creation", () => {
    expect(errorsOf(communityInfoSchema.safeParse({ ...info, name: ' ', city: '' }))).toEqual({
      name: 'Informe o nome da comunidade',
      city: 'Informe em qual cidade sua comunidade atua',
    });
  });

  it('clears empty optional fields', () => {
    expect(communityInfoSchema.parse(info)).toEqual({
      name: 'Coletivo da Praça',
      city: 'Olinda',
      description: null,
      image: null,
      fb_link: null,
      twitter_link: null,
      email_template_from: null,
    });
  });

  it('takes profile links as organisers type them, and refuses anything that is not a web address', () => {
    const ok = communityInfoSchema.parse({
      ...info,
      fb_link: 'facebook.com/coletivo',
      twitter_link: 'https://twitter.com/coletivo',
    });
    expect(ok.fb_link).toBe('https://facebook.com/coletivo');
    expect(ok.twitter_link).toBe('https://twitter.com/coletivo');
    expect(
      errorsOf(
        communityInfoSchema.safeParse({ ...info, fb_link: 'javascript:alert(1)', twitter_link: 'não é um link' }),
      ),
    ).toEqual({
      fb_link: 'Informe um endereço da web, como facebook.com/suacomunidade',
      twitter_link: 'Informe um endereço da web, como facebook.com/suacomunidade',
    });
  });

  it('keeps uploaded logos and refuses addresses that could run or leave the site unnoticed', () => {
    expect(communityInfoSchema.parse({ ...info, image: '/uploads/2026/11/a.png' }).image).toBe(
      '/uploads/2026/11/a.png',
    );
    for (const image of ['https://cdn.example.org/a.png', 'http://localhost:3000/uploads/a.png']) {
      expect(communityInfoSchema.parse({ ...info, image }).image).toBe(image);
    }
    for (const image of ['javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AAAA']) {
      expect(errorsOf(communityInfoSchema.safeParse({ ...info, image }))).toEqual({
        image: 'Envie a imagem de novo: o endereço dela não é válido',
      });
    }
  });

  it("wants the sender as 'Name <email>' (spec 01 §5)", () => {
    expect(communityInfoSchema.parse({ ...info, email_template_from: 'Coletivo <oi@coletivo.org>' })).toMatchObject({
      email_template_from: 'Coletivo <oi@coletivo.org>',
    });
    for (const from of ['oi@coletivo.org', 'Coletivo oi@coletivo.org', 'Coletivo <oi>']) {
      expect(errorsOf(communityInfoSchema.safeParse({ ...info, email_template_from: from }))).toEqual({
        email_template_from: 'Use o formato Nome <email@dominio.com>',
      });
    }
  });

  it('lets the API change any subset: what is left out stays as it is', () => {
    expect(communityUpdateSchema.parse({ fb_link: 'fb.com/x' })).toEqual({ fb_link: 'https://fb.com/x' });
    expect(communityUpdateSchema.parse({ description: '' })).toEqual({ description: null });
  });
});
