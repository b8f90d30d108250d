/**
 * The small script a site tag embeds (docs/design.md#collection):
 *   <script async src="${PUBLIC_URL}/t/s.js" data-tag="KEY"></script>
 * It sends one page hit, /t/v/KEY with the page URL and referrer, through an Image.
 */
export function siteScript(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return `(function(){var s=document.currentScript||document.querySelector('script[data-tag]');if(!s)return;var k=s.getAttribute('data-tag');if(!k)return;var b=${JSON.stringify(base)};try{b=new URL(s.src).origin}catch(e){}var i=new Image(1,1);i.src=b+'/t/v/'+encodeURIComponent(k)+'?u='+encodeURIComponent(location.href)+'&ref='+encodeURIComponent(document.referrer)+'&cb='+Date.now();})();\n`;
}
