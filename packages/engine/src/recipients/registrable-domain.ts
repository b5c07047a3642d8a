// The part of a host name that someone registered with a registrar (leaks.example.co.uk for
// cdn.leaks.example.co.uk): the name whose registrar can suspend it.
//
// Limit: this is a short built-in list of common public suffixes of two labels, not the whole Public
// Suffix List. A suffix not listed counts as one label, so for a host under an unlisted multi-label
// suffix (e.g. a .com.xx of a smaller country) or a private suffix (github.io, blogspot.com) the
// "registrable domain" is one label too short or names the platform itself; the registry then
// answers for that shorter name, and its registrar is still the right one to ask for the shorter
// name. Hosts on such platforms are better matched through the site catalog.

/** Second-level suffixes under which registries sell names (country code registries mostly). */
const MULTI_LABEL_SUFFIXES: ReadonlySet<string> = new Set(
  `
  # United Kingdom
  co.uk org.uk me.uk ltd.uk plc.uk net.uk sch.uk ac.uk gov.uk
  # Australia, New Zealand
  com.au net.au org.au edu.au gov.au id.au asn.au
  co.nz net.nz org.nz ac.nz geek.nz school.nz
  # Asia
  co.jp ne.jp or.jp ac.jp ad.jp ed.jp go.jp gr.jp
  co.kr or.kr ne.kr re.kr com.cn net.cn org.cn gov.cn
  com.hk net.hk org.hk com.tw net.tw org.tw com.sg net.sg org.sg
  com.my net.my org.my co.id or.id web.id com.ph net.ph org.ph
  co.th in.th or.th com.vn net.vn org.vn co.in net.in org.in
  firm.in gen.in ind.in com.pk net.pk org.pk com.bd com.np com.lk
  # Americas
  com.br net.br org.br art.br blog.br com.mx org.mx net.mx com.ar
  net.ar org.ar com.co net.co org.co com.pe com.ve com.ec com.uy
  com.bo com.py co.cr com.do com.gt
  # Europe, Middle East, Africa
  com.tr net.tr org.tr gen.tr com.ua net.ua org.ua in.ua kiev.ua
  com.pl net.pl org.pl com.ru net.ru org.ru spb.ru msk.ru com.cy
  com.gr co.il org.il net.il ac.il co.za org.za net.za web.za
  com.ng co.ke or.ke com.eg com.sa net.sa com.qa co.ae com.kw
  co.ma com.gh co.tz co.ug co.zw
  `
    .split('\n')
    .flatMap((line) => (line.trim().startsWith('#') ? [] : line.trim().split(/\s+/)))
    .filter((suffix) => suffix !== ''),
);

/**
 * The registrable domain of a host name (lower-case ASCII, as the URL parser gives it), or null when
 * there is none: an IP address, a single label, or a name that is itself a public suffix.
 */
export function registrableDomain(host: string): string | null {
  const name = host.trim().toLowerCase().replace(/\.+$/, '');
  if (name === '' || name.includes(':') || /^\d+(\.\d+){3}$/.test(name)) return null;
  const labels = name.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  const lastTwo = labels.slice(-2).join('.');
  const suffixLabels = MULTI_LABEL_SUFFIXES.has(lastTwo) ? 2 : 1;
  if (labels.length <= suffixLabels) return null;
  return labels.slice(-(suffixLabels + 1)).join('.');
}
