/**
 * Action widgets embedded on other sites (issue 35): the embed endpoint's refusal, which the loader logs in the host
 * page's console, and the 'Incorporar' panel in each action widget's settings.
 */
export const embedMessages = {
  'pt-BR': {
    refused:
      'Este site não tem permissão para incorporar este widget. Peça à organização que o inclua na lista de sites autorizados.',
    notEmbeddable: 'Este widget não pode ser incorporado em outro site.',
    tab: 'Incorporar',
    title: 'Incorporar em outro site',
    intro:
      'Cole este código na página do outro site, onde o widget deve aparecer. Ele funciona com as mesmas regras e o mesmo visual desta página, e as ações feitas por lá aparecem nos relatórios com o endereço do site.',
    codeLabel: 'Código para incorporar',
    copy: 'Copiar código',
    copied: 'Código copiado',
    copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
    allowedNote: 'Só os sites autorizados nas configurações da comunidade podem exibir o widget.',
    allowedLink: 'Ver sites autorizados',
    noneAllowed:
      'Nenhum site está autorizado ainda: o widget não aparecerá em lugar nenhum até que você inclua o endereço do site nas configurações da comunidade.',
    unpublished: 'O widget só aparece em outros sites depois que a página for publicada.',
  },
  es: {
    refused:
      'Este sitio no tiene permiso para insertar este widget. Pide a la organización que lo incluya en la lista de sitios autorizados.',
    notEmbeddable: 'Este widget no se puede insertar en otro sitio.',
    tab: 'Insertar',
    title: 'Insertar en otro sitio',
    intro:
      'Pega este código en la página del otro sitio, donde debe aparecer el widget. Funciona con las mismas reglas y el mismo aspecto que esta página, y las acciones hechas allí aparecen en los informes con la dirección del sitio.',
    codeLabel: 'Código para insertar',
    copy: 'Copiar código',
    copied: 'Código copiado',
    copyFailed: 'No se pudo copiar. Selecciona el código y cópialo manualmente.',
    allowedNote: 'Solo los sitios autorizados en la configuración de la comunidad pueden mostrar el widget.',
    allowedLink: 'Ver sitios autorizados',
    noneAllowed:
      'Todavía no hay ningún sitio autorizado: el widget no aparecerá en ningún lugar hasta que incluyas la dirección del sitio en la configuración de la comunidad.',
    unpublished: 'El widget solo aparece en otros sitios después de que la página se publique.',
  },
  en: {
    refused:
      'This site is not allowed to embed this widget. Ask the organisation to add it to the list of allowed sites.',
    notEmbeddable: 'This widget cannot be embedded on another site.',
    tab: 'Embed',
    title: 'Embed on another site',
    intro:
      'Paste this code into the other site’s page, where the widget should appear. It works with the same rules and looks as on this page, and actions taken there show in the reports with the site’s address.',
    codeLabel: 'Embed code',
    copy: 'Copy code',
    copied: 'Code copied',
    copyFailed: 'The code could not be copied. Select it and copy it by hand.',
    allowedNote: 'Only the sites allowed in the community settings can show the widget.',
    allowedLink: 'See allowed sites',
    noneAllowed:
      'No site is allowed yet: the widget will not show anywhere until you add the site’s address in the community settings.',
    unpublished: 'The widget shows on other sites only once the page is published.',
  },
} as const;
