// A worker that makes the page's first date formats before the page does (src/client/main.tsx
// starts it). The first Intl.DateTimeFormat a browser process makes reads ICU's time zone, calendar
// and zone name data: 14-45 ms on a laptop, four times that on a phone, one task on the main thread
// that no slicing can split (docs/PERFORMANCE.md). That data is kept by the process, not the
// thread: read here, on another core, the page's own first format then costs a fraction of a
// millisecond. The formats are the ones the app makes: the zone's short name (lib/when.ts) and the
// numeric parts date-fns-tz reads a zone's offset from, in the browser's zone and in an American one.
(function () {
  var now = new Date();
  var zones = [undefined, "America/New_York"];
  for (var i = 0; i < zones.length; i++) {
    new Intl.DateTimeFormat("en-US", { timeZone: zones[i], timeZoneName: "short" }).formatToParts(now);
    new Intl.DateTimeFormat("en-US", {
      timeZone: zones[i],
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(now);
  }
  self.close();
})();
