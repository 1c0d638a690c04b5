/** Scroll distance after which the public navbar becomes fixed (spec 01 §9, spec 02 §9). */
export const NAVBAR_FIXED_AFTER_PX = 120;

/**
 * The public page's only script for content pages: fixes the navbar once the page has scrolled past 120px. The
 * server inlines it at the end of the body; it touches nothing but the navbar's class.
 */
export const navbarScript = `(function(){var n=document.querySelector('[data-mz-navbar]');if(!n)return;var f=false;function u(){var s=(window.scrollY||document.documentElement.scrollTop)>${NAVBAR_FIXED_AFTER_PX};if(s!==f){f=s;n.classList.toggle('mz-navbar--fixed',s);}}window.addEventListener('scroll',u,{passive:true});u();})();`;
