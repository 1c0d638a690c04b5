/** Scroll distance after which the public navbar becomes fixed (spec 01 §9, spec 02 §9). */
export const NAVBAR_FIXED_AFTER_PX = 120;

/**
 * The public page's only script for content pages, inlined by the server at the end of the body: it fixes the navbar
 * once the page has scrolled past 120px, and on a narrow page opens and closes the folded menu (the button's
 * `aria-expanded`, focus to the first link on opening, Escape or a chosen link closes it and, for Escape, focus goes
 * back to the button). It touches nothing but the navbar.
 */
export const navbarScript = `(function(){var n=document.querySelector('[data-mz-navbar]');if(!n)return;var f=false;function u(){var s=(window.scrollY||document.documentElement.scrollTop)>${NAVBAR_FIXED_AFTER_PX};if(s!==f){f=s;n.classList.toggle('mz-navbar--fixed',s);}}window.addEventListener('scroll',u,{passive:true});u();var b=n.querySelector('.mz-navbar__toggle');if(!b)return;function o(v,r){b.setAttribute('aria-expanded',v);n.toggleAttribute('data-open',v);if(v){var a=n.querySelector('.mz-navbar__list a');a&&a.focus();}else if(r)b.focus();}b.addEventListener('click',function(){o(b.getAttribute('aria-expanded')!=='true',0);});n.addEventListener('keydown',function(e){if(e.key==='Escape'&&n.hasAttribute('data-open'))o(false,1);});n.addEventListener('click',function(e){if(e.target.closest&&e.target.closest('.mz-navbar__list a'))o(false,0);});})();`;
