import { contentEtag } from '../../common/content-etag';

/**
 * The tracking script a site includes (GET /api/collect/script.js):
 *
 *   <script defer src="https://<aide>/api/collect/script.js" data-site="<siteKey>"></script>
 *
 * What it does, in the readable form of the minified text below:
 * - does nothing at all when the browser asks not to be tracked (navigator.doNotTrack or
 *   window.doNotTrack '1', or navigator.globalPrivacyControl), or without data-site;
 * - sends a page view on load and on every SPA navigation (history.pushState and replaceState
 *   patched, popstate listened to), never twice in a row for the same address (the #fragment is
 *   ignored); the first carries document.referrer;
 * - counts the time the page is visible, and sends it as an engagement event when the page is
 *   hidden (visibilitychange), left (pagehide) or navigated away from in an SPA, so a session has
 *   a real length;
 * - posts to /api/collect on the script's own origin with navigator.sendBeacon (a text/plain body:
 *   no CORS preflight), falling back to fetch with keepalive and no credentials;
 * - sends a custom event (a goal, issue 27) when the page calls window.aide('signup') or an element
 *   with data-aide-goal="signup" (or inside one) is clicked;
 * - sets no cookie and stores nothing in localStorage or sessionStorage.
 * Campaign tags need nothing here: the collector reads utm_source, utm_medium and utm_campaign from
 * the page address the page view sends (and stores nothing else of its query).
 */
export const TRACKING_SCRIPT =
  '(function(w,d,n,h){' +
  "var s=d.currentScript,k=s&&s.getAttribute('data-site');" +
  "if(!k||n.doNotTrack=='1'||w.doNotTrack=='1'||n.globalPrivacyControl)return;" +
  "var e=new URL(s.src).origin+'/api/collect',l,r=d.referrer||null,t=0,v=Date.now(),a=!d.hidden;" +
  "function p(b){b.siteKey=k;b=JSON.stringify(b);try{if(n.sendBeacon&&n.sendBeacon(e,b))return}catch(x){}fetch(e,{method:'POST',body:b,keepalive:!0,credentials:'omit'}).catch(function(){})}" +
  'function c(){if(a)t+=Date.now()-v;v=Date.now()}' +
  "function g(){c();if(l&&t>0)p({type:'engagement',url:l,engagedMs:Math.round(t)});t=0}" +
  "function f(){var u=location.href.split('#')[0];if(u==l)return;if(l)g();l=u;p({type:'pageview',url:u,referrer:r});r=null;t=0;v=Date.now()}" +
  'function z(){g();a=0}' +
  "d.addEventListener('visibilitychange',function(){if(d.hidden)z();else{a=1;v=Date.now()}});" +
  "w.addEventListener('pagehide',z);" +
  "['pushState','replaceState'].forEach(function(m){var o=h[m];h[m]=function(){var x=o.apply(this,arguments);f();return x}});" +
  "w.addEventListener('popstate',f);" +
  "w.aide=function(m){l&&p({type:'event',url:l,name:String(m).slice(0,100)})};" +
  "d.addEventListener('click',function(x){var g=x.target.closest&&x.target.closest('[data-aide-goal]');g&&w.aide(g.getAttribute('data-aide-goal'))},!0);" +
  'f()' +
  '})(window,document,navigator,history);\n';

/** Its strong ETag, so browsers and CDNs revalidate cheaply. */
export const TRACKING_SCRIPT_ETAG = contentEtag(TRACKING_SCRIPT);
