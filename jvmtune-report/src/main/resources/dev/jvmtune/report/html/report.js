// Draws the report's charts from the JSON in #jvmtune-data with Apache ECharts (inlined above).
// Text from logs reaches the page only through textContent or esc(): never as markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('jvmtune-data').textContent);
  var charts = {};
  window.jvmtuneCharts = charts; // for tests and for the console: id -> ECharts instance
  var COLORS = ['#3a6ea5', '#e07b39', '#3c9d5d', '#c0392b', '#8e6cbf', '#8c6d46', '#d66fb0', '#7f8c8d', '#b5a22a',
    '#1ba3b6', '#555'];
  var SIDE = ['#3a6ea5', '#e07b39'];

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }
  function num(v, d) { return v == null ? '\u2013' : Number(v).toLocaleString('en-US', {maximumFractionDigits: d}); }
  function ms(v) { return v == null ? '\u2013' : v < 10 ? num(v, 3) + ' ms' : v < 100 ? num(v, 1) + ' ms' : num(v, 0) + ' ms'; }
  function sec(v) {
    if (v == null) return '';
    var a = Math.abs(v);
    return a < 120 ? num(v, 1) + ' s' : a < 7200 ? num(v / 60, 1) + ' min' : num(v / 3600, 1) + ' h';
  }
  /** The file name of a run's name ("/var/log/gc.log (run 2)" -> "gc.log (run 2)"): legends stay short. */
  function short(name) { return String(name).replace(/^.*[\/\\]/, ''); }
  /** Axis labels: one decimal below 10, so that a 0-2 MiB axis does not read 0, 0, 1, 1, 2. */
  function axisNum(v) { return num(v, Math.abs(v) < 10 ? 1 : 0); }
  function keys(o) { return o ? Object.keys(o) : []; }
  function hasPoints(o) { return keys(o).some(function (k) { return o[k] && o[k].length > 0; }); }
  function shift(points, by) { return points.map(function (p) { return [p[0] - by, p[1]]; }); }
  /** Every kind's points in one series, in time order: each kind kept its extremes, so the union does. */
  function allPauses(s) {
    var all = [];
    keys(s.pauses).forEach(function (k) { all = all.concat(s.pauses[k]); });
    return all.sort(function (a, b) { return a[0] - b[0]; });
  }
  function nines(x) {
    var p = 100 * (1 - Math.pow(10, -x));
    return (p >= 99.99 ? p.toFixed(4).replace(/0+$/, '') : p >= 99 ? p.toFixed(2).replace(/0+$/, '').replace(/\.$/, '')
      : p.toFixed(0)) + '%';
  }

  /** A chart card in container: returns the ECharts instance, or null (with a note) when there is no data. */
  function card(container, id, title, help, present, missing, opts) {
    var section = document.createElement('section');
    section.className = 'chart-card' + (opts && opts.wide ? ' wide' : '');
    var h = document.createElement('h4');
    var t = document.createElement('span');
    t.textContent = title;
    h.appendChild(t);
    section.appendChild(h);
    var p = document.createElement('p');
    p.className = 'help';
    p.textContent = help;
    section.appendChild(p);
    container.appendChild(section);
    if (!present) {
      section.classList.add('empty');
      var m = document.createElement('p');
      m.className = 'missing';
      m.textContent = (opts && opts.logs ? 'Not in these logs: ' : 'Not in this log: ') + missing;
      section.appendChild(m);
      return null;
    }
    var div = document.createElement('div');
    div.className = 'chart';
    div.id = id;
    if (opts && opts.height) div.style.height = opts.height + 'px';
    section.appendChild(div);
    var chart = echarts.init(div, null, {renderer: 'canvas'});
    charts[id] = chart;
    if (opts && opts.logToggle) {
      var label = document.createElement('label');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = !!opts.logDefault;
      label.appendChild(box);
      label.appendChild(document.createTextNode(' log scale'));
      h.appendChild(label);
      box.addEventListener('change', function () {
        chart.setOption({yAxis: {type: box.checked ? 'log' : 'value'}});
      });
    }
    return chart;
  }

  // The x axis of a run's charts: wall-clock time when the log has it (toggle to uptime), else uptime. The series
  // hold uptime seconds; X maps one to the axis in use.
  var X = {wall: false, offset: 0};
  function xt(t) { return X.wall ? (t + X.offset) * 1000 : t; }
  function xs(points) { return (points || []).map(function (p) { var q = p.slice(); q[0] = xt(p[0]); return q; }); }
  /** A tick step a person reads: 1, 2, 5 or 10 of a unit from ms to days. */
  function niceStep(span) {
    var steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
      3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800];
    var want = span / 6;
    for (var i = 0; i < steps.length; i++) if (steps[i] >= want) return steps[i];
    return steps[steps.length - 1];
  }
  /** Uptime on a tick: "45 s", "12 min", "1 min 15 s", "2 h 30 min", "3 d 4 h". */
  function uptimeLabel(v) {
    var a = Math.abs(v);
    if (a < 60) return num(v, a < 10 ? 3 : 1) + ' s';
    if (a < 3600) {
      var mm = Math.floor(a / 60), ss = Math.round(a - mm * 60);
      return (v < 0 ? '-' : '') + mm + ' min' + (ss ? ' ' + ss + ' s' : '');
    }
    if (a < 86400) {
      var h = Math.floor(a / 3600), m = Math.round((a - h * 3600) / 60);
      return (v < 0 ? '-' : '') + h + ' h' + (m ? ' ' + m + ' min' : '');
    }
    var d = Math.floor(a / 86400), hh = Math.round((a - d * 86400) / 3600);
    return (v < 0 ? '-' : '') + d + ' d' + (hh ? ' ' + hh + ' h' : '');
  }
  // An x axis of a run's charts: its labels far enough below the line to clear the y axis' lowest label in the
  // corner (the boxes of 12 px text are 14 px tall, centred on their tick), its name below them.
  var X_LABEL_MARGIN = 14, X_NAME_GAP = 32;
  function timeAxis(name, range) {
    if (X.wall) {
      return {type: 'time', name: name || 'wall clock', nameLocation: 'middle', nameGap: X_NAME_GAP, min: 'dataMin',
        max: 'dataMax', splitLine: {show: false}, axisLabel: {hideOverlap: true, margin: X_LABEL_MARGIN,
          formatter: {millisecond: '{HH}:{mm}:{ss}.{SSS}'}}}; // ECharts' own is '09:33:24 975'
    }
    var axis = {type: 'value', name: name || 'uptime', nameLocation: 'middle', nameGap: X_NAME_GAP,
      splitLine: {show: false}, axisLabel: {formatter: uptimeLabel, hideOverlap: true, margin: X_LABEL_MARGIN}};
    if (range && range[1] > range[0]) {
      var step = niceStep(range[1] - range[0]);
      axis.interval = step;
      axis.min = Math.floor(range[0] / step) * step;
      axis.max = Math.ceil(range[1] / step) * step;
    } else {
      axis.min = 'dataMin';
      axis.max = 'dataMax';
    }
    return axis;
  }
  /** When a point was: wall-clock time where the log has it, and uptime. */
  function when(t) {
    var up = 'uptime ' + sec(t);
    return X.offset ? new Date((t + X.offset) * 1000).toISOString().replace('T', ' ').replace('Z', ' UTC') + ', ' + up
      : up;
  }
  function toolbox(id) {
    return {right: 4, top: 18, itemSize: 12, feature: {saveAsImage: {title: 'PNG', name: id, pixelRatio: 2}}};
  }
  function valueAxis(name, formatter, log) {
    return {type: log ? 'log' : 'value', name: name, nameTextStyle: {align: 'left'}, scale: false,
      axisLabel: {formatter: formatter}, splitLine: {lineStyle: {color: '#eef0f3'}}};
  }
  function zoom() {
    return [{type: 'inside', filterMode: 'none'}, {type: 'slider', filterMode: 'none', height: 18, bottom: 6}];
  }
  function legend() { return {type: 'scroll', top: 0, textStyle: {fontSize: 11}}; }
  // right: half the widest label of an x axis ("09:33:24.975", about 70 px, on a time axis of a run under a
  // second), whose last tick can sit at the grid's right end
  function grid() { return {left: 64, right: 40, top: 44, bottom: 66}; }
  /** The uptime of an x value of the axis in use. */
  function upOf(x) { return X.wall ? x / 1000 - X.offset : x; }
  function pointTooltip(unit) {
    return {trigger: 'item', formatter: function (p) {
      return esc(p.seriesName) + '<br>' + esc(when(upOf(p.value[0]))) + ': <b>' + esc(unit(p.value[1])) + '</b>';
    }};
  }
  /** A pause: what it was (GC id, kind, cause), how long, when, the heap around it and the log line. */
  function pauseTooltip(s) {
    return {trigger: 'item', formatter: function (p) {
      var v = p.value;
      if (!Array.isArray(v) || v.length < 8) return esc(p.seriesName);
      var cause = v[3] == null ? '' : s.causes[v[3]];
      var heap = v[4] == null && v[5] == null ? '' : '<br>heap ' + esc(mib(v[4])) + ' \u2192 ' + esc(mib(v[5]));
      var file = v[6] == null ? '' : s.files[v[6]];
      return (v[2] == null ? '' : 'GC(' + esc(v[2]) + ') ') + esc(p.seriesName)
        + (cause ? ' \u00b7 ' + esc(cause) : '') + '<br><b>' + esc(ms(v[1])) + '</b> at ' + esc(when(upOf(v[0])))
        + heap + (v[7] == null ? '' : '<br>' + esc(short(file || 'line')) + ':' + esc(v[7]));
    }};
  }
  function axisTooltip(unit) {
    return {trigger: 'axis', formatter: function (ps) {
      var out = ps.length ? esc(typeof ps[0].axisValue === 'number' ? when(upOf(ps[0].axisValue)) : ps[0].axisValue) : '';
      ps.forEach(function (p) {
        var v = Array.isArray(p.value) ? p.value[1] : p.value;
        if (v != null) out += '<br>' + p.marker + esc(p.seriesName) + ': <b>' + esc(unit(v)) + '</b>';
      });
      return out;
    }};
  }
  function scatter(name, points, color) {
    return {type: 'scatter', name: name, data: points, symbolSize: points.length > 1000 ? 4 : 6, large: points.length > 2000,
      largeThreshold: 2000, itemStyle: {color: color, opacity: 0.75}};
  }
  function line(name, points, color, extra) {
    // no 'sampling': the data is already reduced keeping extremes, and lttb would drop some of them again
    // a lone point has no segment to draw: it shows as its symbol (a ZGC log of one cycle, one heap point)
    var s = {type: 'line', name: name, data: points, showSymbol: points.length === 1, color: color,
      lineStyle: {width: 1.4}};
    for (var k in extra || {}) s[k] = extra[k];
    return s;
  }
  function goalLine(goal) {
    return goal == null ? undefined : {silent: true, symbol: 'none', lineStyle: {color: '#c62828', type: 'dashed'},
      label: {formatter: 'goal ' + ms(goal), position: 'insideEndTop', color: '#c62828'}, data: [{yAxis: goal}]};
  }
  function warmupArea(s) {
    return s.warmupEndSec == null || s.start == null ? undefined : {silent: true,
      itemStyle: {color: 'rgba(255, 193, 7, 0.12)'}, label: {formatter: 'warm-up', color: '#8d6e00', position: 'insideTopLeft'},
      data: [[{xAxis: xt(s.start)}, {xAxis: xt(s.warmupEndSec)}]]};
  }
  function range(s) { return [s.start, s.end]; }
  /** The options every chart of a run shares: no animation, legend, grid, PNG export. */
  function base(id, extra) {
    var o = {animation: false, legend: legend(), grid: grid(), toolbox: toolbox(id)};
    for (var k in extra) o[k] = extra[k];
    return o;
  }

  function pausesChart(el, id, s) {
    var kinds = keys(s.pauses);
    var c = card(el, id, 'Pauses over time', 'Every stop-the-world pause by kind; each bucket keeps its shortest and '
      + 'longest pause, so no spike is lost. Point at one to see which collection it was. Drag or scroll to zoom.',
      hasPoints(s.pauses), 'no timed pauses', {wide: true, logToggle: true});
    if (!c) return;
    var series = kinds.map(function (k, i) { return scatter(k, xs(s.pauses[k]), COLORS[i % COLORS.length]); });
    series[0].markLine = goalLine(s.goalMs);
    series[0].markArea = warmupArea(s);
    c.setOption(base(id, {color: COLORS, tooltip: pauseTooltip(s), xAxis: timeAxis(null, range(s)),
      yAxis: valueAxis('pause', ms), dataZoom: zoom(), series: series}));
  }

  /** A bin edge to two significant digits: 39.811 -> 40, 0.0025119 -> 0.0025, 1584.9 -> 1,600. */
  function round2(v) { return Number(v).toLocaleString('en-US', {maximumSignificantDigits: 2}); }

  /** The left edge of histogram bin i of a run, in ms. */
  function edge(h, i) { return Math.pow(10, (h.firstBin + i) / h.binsPerDecade); }

  function histogramChart(el, id, runs, names) {
    var present = runs.some(function (s) { return s.histogram.counts.length; });
    var c = card(el, id, 'Pause distribution', 'Pauses per duration bin (5 bins per decade of ms).', present,
      'no pauses', {logToggle: true});
    if (!c) return;
    var lo = Infinity, hi = -Infinity;
    runs.forEach(function (s) {
      if (s.histogram.counts.length) {
        lo = Math.min(lo, s.histogram.firstBin);
        hi = Math.max(hi, s.histogram.firstBin + s.histogram.counts.length);
      }
    });
    var bins = [];
    for (var b = lo; b < hi; b++) bins.push(b);
    var bpd = runs[0].histogram.binsPerDecade;
    // the edges 10^(k/5) read as the preferred numbers they round to (1, 1.6, 2.5, 4, 6.3): "40-63 ms"
    var cats = bins.map(function (b) {
      return round2(Math.pow(10, b / bpd)) + '\u2013' + round2(Math.pow(10, (b + 1) / bpd)) + ' ms';
    });
    var series = runs.map(function (s, i) {
      var counts = bins.map(function (b) {
        var j = b - s.histogram.firstBin;
        return j < 0 || j >= s.histogram.counts.length ? 0 : s.histogram.counts[j];
      });
      return {type: 'bar', name: names[i], data: counts, barGap: '0%', color: runs.length > 1 ? SIDE[i] : COLORS[0]};
    });
    c.setOption(base(id, {tooltip: axisTooltip(function (v) { return num(v, 0) + ' pauses'; }),
      xAxis: {type: 'category', data: cats, name: 'pause', nameLocation: 'middle', nameGap: X_NAME_GAP,
        axisLabel: {hideOverlap: true, margin: X_LABEL_MARGIN}},
      yAxis: Object.assign(valueAxis('pauses', function (v) { return num(v, 0); }), {minInterval: 1}), series: series}));
  }

  function percentileChart(el, id, runs, names, goal) {
    var present = runs.some(function (s) { return s.histogram.percentiles.length; });
    var c = card(el, id, 'Pause percentiles', 'The pause at each percentile; the right end is the longest pause.',
      present, 'no pauses', {logToggle: true});
    if (!c) return;
    var series = runs.map(function (s, i) {
      return line(names[i], s.histogram.percentiles, runs.length > 1 ? SIDE[i] : COLORS[0], {step: false});
    });
    series[0].markLine = goalLine(goal);
    c.setOption(base(id, {tooltip: {trigger: 'axis', formatter: function (ps) {
      return ps.map(function (p) { return esc(p.seriesName) + ' p' + esc(nines(p.value[0])) + ': <b>' + esc(ms(p.value[1])) + '</b>'; }).join('<br>');
    }}, xAxis: {type: 'value', name: 'percentile', nameLocation: 'middle', nameGap: X_NAME_GAP, min: 0, interval: 1,
      axisLabel: {formatter: nines, hideOverlap: true, margin: X_LABEL_MARGIN}}, yAxis: valueAxis('pause', ms), series: series}));
  }

  function heapChart(el, id, s) {
    var c = card(el, id, 'Heap', 'Whole heap before and after each collection, and its capacity (MiB).',
      hasPoints(s.heap), 'no heap figures', {});
    if (!c) return;
    c.setOption(base(id, {tooltip: axisTooltip(mib), xAxis: timeAxis(null, range(s)),
      yAxis: valueAxis('MiB', axisNum), dataZoom: zoom(), series: [
        line('before GC', xs(s.heap.before), '#e07b39'), line('after GC', xs(s.heap.after), '#3a6ea5'),
        line('capacity', xs(s.heap.capacity), '#7f8c8d', {lineStyle: {type: 'dashed', width: 1}})]}));
  }
  function mib(v) { return v == null ? '\u2013' : num(v, 1) + ' MiB'; }

  function poolsChart(el, id, s) {
    var names = keys(s.pools);
    var c = card(el, id, 'Generations and region types', 'Occupancy of each pool after collections, Eden before them '
      + '(it is empty after every one) (MiB).',
      hasPoints(s.pools), 'no per-pool figures (log gc+heap=debug, or PrintGCDetails on JDK 8)', {});
    if (!c) return;
    c.setOption(base(id, {tooltip: axisTooltip(mib), xAxis: timeAxis(null, range(s)), yAxis: valueAxis('MiB', axisNum),
      dataZoom: zoom(), series: names.map(function (n, i) { return line(n, xs(s.pools[n]), COLORS[i % COLORS.length]); })}));
  }

  function ratesChart(el, id, s) {
    var r = s.rates;
    var present = r.t.length && r.allocation.some(function (v) { return v > 0; });
    var c = card(el, id, 'Allocation and promotion', 'MiB/s per time bin: heap growth between collections, and '
      + 'old-generation growth in young collections.', present, 'no heap figures with time', {});
    if (!c) return;
    var pair = function (ys) { return r.t.map(function (t, i) { return [xt(t), ys[i]]; }); };
    var series = [line('allocation', pair(r.allocation), '#3a6ea5', {areaStyle: {opacity: 0.15}})];
    if (r.promotion.some(function (v) { return v != null; })) series.push(line('promotion', pair(r.promotion), '#c0392b'));
    c.setOption(base(id, {tooltip: axisTooltip(function (v) { return num(v, 1) + ' MiB/s'; }),
      xAxis: timeAxis(null, range(s)), yAxis: valueAxis('MiB/s', axisNum), dataZoom: zoom(), series: series}));
  }

  function phasesChart(el, id, s) {
    var names = keys(s.phases.series);
    var c = card(el, id, 'Pause phases', 'Pause time in each top-level phase per time bin (stacked: the time paused '
      + 'in logged phases).', names.length > 0, 'no phase lines (log with -Xlog:gc*, or PrintGCDetails)', {});
    if (!c) return;
    var cats = s.phases.t.map(function (t) {
      return X.wall ? new Date(xt(t)).toISOString().substring(11, 19) : uptimeLabel(t);
    });
    c.setOption(base(id, {color: COLORS, tooltip: axisTooltip(ms),
      xAxis: {type: 'category', data: cats, name: X.wall ? 'wall clock (UTC)' : 'uptime', nameLocation: 'middle',
        nameGap: X_NAME_GAP, axisLabel: {hideOverlap: true, margin: X_LABEL_MARGIN}},
      yAxis: valueAxis('ms', function (v) { return num(v, 1); }), dataZoom: zoom(),
      series: names.map(function (n) { return {type: 'bar', name: n, stack: 'phases', data: s.phases.series[n]}; })}));
  }

  function concurrentChart(el, id, s) {
    var names = keys(s.concurrent);
    var c = card(el, id, 'Concurrent cycles', 'Duration of each concurrent phase and whole cycle while the application '
      + 'runs.', hasPoints(s.concurrent), 'no concurrent phases (Serial and Parallel have none)', {logToggle: true});
    if (!c) return;
    c.setOption(base(id, {color: COLORS, tooltip: pointTooltip(ms), xAxis: timeAxis(null, range(s)),
      yAxis: valueAxis('duration', ms), dataZoom: zoom(),
      series: names.map(function (n, i) { return scatter(n, xs(s.concurrent[n]), COLORS[i % COLORS.length]); })}));
  }

  function safepointChart(el, id, s) {
    var sp = s.safepoints;
    var c = card(el, id, 'Safepoints', 'Time application threads were stopped per safepoint, and the part spent '
      + 'reaching it.', sp.total.length > 0, 'no safepoint lines (log with -Xlog:safepoint)', {logToggle: true});
    if (!c) return;
    var series = [scatter('stopped', xs(sp.total), '#3a6ea5')];
    if (sp.timeToSafepoint.length) series.push(scatter('time to safepoint', xs(sp.timeToSafepoint), '#e07b39'));
    c.setOption(base(id, {tooltip: pointTooltip(ms), xAxis: timeAxis(null, range(s)), yAxis: valueAxis('ms', ms),
      dataZoom: zoom(), series: series}));
  }

  function codeCacheChart(el, id, s) {
    var names = keys(s.codeHeaps);
    var c = card(el, id, 'Code cache', 'Used space of each code heap (MiB), its reservation in the legend (dashed '
      + 'where the axis reaches it).', names.length > 0,
      'no code cache samples (JFR recordings have them)', {});
    if (!c) return;
    var series = names.map(function (n, i) {
      var h = s.codeHeaps[n];
      var line1 = line(h.reserved > 0 ? n + ' of ' + mib(h.reserved) : n, xs(h.used), COLORS[i % COLORS.length]);
      if (h.reserved > 0) line1.markLine = {silent: true, symbol: 'none', data: [{yAxis: h.reserved}],
        lineStyle: {type: 'dashed', color: COLORS[i % COLORS.length]}, label: {show: false}};
      return line1;
    });
    c.setOption(base(id, {tooltip: axisTooltip(mib), xAxis: timeAxis(null, range(s)), yAxis: valueAxis('MiB', axisNum),
      dataZoom: zoom(), series: series}));
  }

  /** A run's charts under a choice of time axis: wall clock where the log has it, else (or on request) uptime. */
  function runCharts(el, run, i) {
    var s = run.series;
    if (!s) return;
    var p = 'run' + i + '-';
    var hasWall = s.wallOffsetSec != null;
    var axis = document.createElement('div');
    axis.className = 'axis-choice';
    axis.textContent = 'Time axis: ';
    var draw = function (wall) {
      X = {wall: wall, offset: hasWall ? s.wallOffsetSec : 0};
      el.querySelectorAll('.chart').forEach(function (d) {
        var chart = charts[d.id];
        if (chart) { chart.dispose(); delete charts[d.id]; }
      });
      el.querySelectorAll('.chart-card').forEach(function (d) { d.remove(); });
      pausesChart(el, p + 'pauses', s);
      histogramChart(el, p + 'histogram', [s], ['pauses']);
      percentileChart(el, p + 'percentiles', [s], ['pauses'], s.goalMs);
      heapChart(el, p + 'heap', s);
      poolsChart(el, p + 'pools', s);
      ratesChart(el, p + 'rates', s);
      phasesChart(el, p + 'phases', s);
      concurrentChart(el, p + 'concurrent', s);
      safepointChart(el, p + 'safepoints', s);
      codeCacheChart(el, p + 'codecache', s);
    };
    [['wall', 'wall clock', hasWall], ['uptime', 'uptime', true]].forEach(function (o) {
      var label = document.createElement('label');
      var input = document.createElement('input');
      input.type = 'radio';
      input.name = p + 'axis';
      input.value = o[0];
      input.disabled = !o[2];
      input.checked = o[0] === (hasWall ? 'wall' : 'uptime');
      input.addEventListener('change', function () { if (input.checked) draw(o[0] === 'wall'); });
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + o[1] + ' '));
      axis.appendChild(label);
    });
    if (!hasWall) axis.appendChild(document.createTextNode('(the log has no wall-clock decorations)'));
    el.appendChild(axis);
    draw(hasWall);
  }

  function compareCharts(el, runs, labels) {
    var ss = runs.map(function (r) { return r.series; });
    if (ss.some(function (s) { return !s; })) return;
    X = {wall: false, offset: 0};
    // both sides from 0 to the longer one's end, on the round ticks of the run's own charts
    var span = [0, Math.max.apply(null, ss.map(function (s) { return s.end != null && s.start != null ? s.end - s.start : 0; }))];
    // the sides' labels where the page has them (baseline, final), else A and B with the file names
    var names = labels && labels.length === 2 ? labels.slice()
      : ['A: ' + short(runs[0].name), 'B: ' + short(runs[1].name)];
    var sides = names.join(' and ');
    var present = ss.some(function (s) { return hasPoints(s.pauses); });
    var c = card(el, 'compare-pauses', 'Pauses over time, ' + sides, 'All pauses of each run against the time since '
      + 'its log began.', present, 'no timed pauses', {wide: true, logToggle: true});
    if (c) {
      var series = ss.map(function (s, i) { return scatter(names[i], shift(allPauses(s), s.start || 0), SIDE[i]); });
      series[0].markLine = goalLine(ss[0].goalMs);
      c.setOption(base('compare-pauses', {tooltip: pointTooltip(ms), xAxis: timeAxis('time since start', span),
        yAxis: valueAxis('pause', ms), dataZoom: zoom(), series: series}));
    }
    percentileChart(el, 'compare-percentiles', ss, names, ss[0].goalMs);
    histogramChart(el, 'compare-histogram', ss, names);
    var h = card(el, 'compare-heap', 'Heap after GC, ' + sides, 'Whole heap after each collection (MiB).',
      ss.some(function (s) { return s.heap.after.length > 0; }), 'no heap figures', {});
    if (h) {
      h.setOption(base('compare-heap', {tooltip: axisTooltip(mib), xAxis: timeAxis('time since start', span),
        yAxis: valueAxis('MiB', axisNum), dataZoom: zoom(),
        series: ss.map(function (s, i) { return line(names[i], shift(s.heap.after, s.start || 0), SIDE[i]); })}));
    }
  }

  // Failed trials, one series per outcome so the legend names them; a shape each, all in the same dark red.
  var FAILURE_SYMBOLS = {OOM: 'triangle', TIMEOUT: 'diamond', CRASH: 'pin', FAILED: 'rect'};

  function experimentCharts(el, exp) {
    var value = function (v) {
      return v == null ? '\u2013' : num(v, Math.abs(v) < 10 ? 3 : 1) + (exp.unit ? ' ' + exp.unit : '');
    };
    var c = card(el, 'experiment-sweep', exp.metric + ' against ' + exp.param,
      'Every measured trial as a point, one least-squares line per configuration over its OK trials '
      + '(slope in the legend). '
      + 'Failed trials are marked at their ' + exp.param + ' (at 0 where they have no ' + exp.metric + '); '
      + 'dashed: where Full GCs begin (knee); \u25A0 capacity: the largest ' + exp.param
      + ' where every trial finished OK.',
      true, '', {wide: true});
    var series = [];
    var failures = {};
    exp.configs.forEach(function (cfg, i) {
      var color = COLORS[i % COLORS.length];
      var name = cfg.name + (cfg.slope == null ? '  (no line)'
        : '  ' + num(cfg.slope, Math.abs(cfg.slope) < 10 ? 3 : 1) + ' ' + exp.slopeUnit);
      var at = function (x) { return cfg.slope == null ? null : cfg.intercept + cfg.slope * x; };
      // the line spans the configuration's own OK trials: beyond them it would claim what was not measured
      var okXs = cfg.points.map(function (p) { return p[0]; });
      var lo = Math.min.apply(null, okXs), hi = Math.max.apply(null, okXs);
      series.push({type: 'scatter', name: name,
        data: cfg.points.map(function (p) { return [p[0], p[1], p[2], cfg.name]; }),
        symbolSize: 8, itemStyle: {color: color, opacity: 0.8}});
      var marks = [];
      if (cfg.capacity != null && at(cfg.capacity) != null) {
        marks.push({name: 'capacity', coord: [cfg.capacity, at(cfg.capacity)], symbol: 'rect', symbolSize: 10,
          label: {show: true, position: 'right', formatter: 'capacity', color: color, fontSize: 11}});
      }
      series.push({type: 'line', name: name, data: cfg.slope == null ? [] : [[lo, at(lo)], [hi, at(hi)]],
        showSymbol: false, silent: true, color: color, lineStyle: {width: 2},
        markPoint: marks.length ? {data: marks, itemStyle: {color: color}} : undefined,
        // the knee as a vertical line: it can lie beyond the last OK trial, where the fit would be extrapolation
        markLine: cfg.knee == null ? undefined : {silent: true, symbol: 'none', data: [{name: 'knee', xAxis: cfg.knee}],
          lineStyle: {color: color, type: 'dashed', width: 1.2},
          label: {formatter: 'Full GCs', position: 'end', color: color, fontSize: 11}}});
      cfg.failures.forEach(function (f) { // outlined in the configuration's colour
        (failures[f[3]] = failures[f[3]] || []).push({value: [f[0], f[1], f[2], cfg.name, f[3]],
          itemStyle: {borderColor: color, borderWidth: 2}, symbolOffset: [0, f[1] === 0 ? -7 : 0]});
      });
    });
    keys(failures).sort().forEach(function (outcome) {
      series.push({type: 'scatter', name: 'failed: ' + outcome, data: failures[outcome],
        symbol: FAILURE_SYMBOLS[outcome] || 'circle', symbolSize: 14, itemStyle: {color: '#c62828'}, z: 5});
    });
    c.setOption({animation: false, legend: legend(), grid: {left: 64, right: 80, top: 64, bottom: 48},
      toolbox: toolbox('experiment-sweep'),
      tooltip: {trigger: 'item', formatter: function (p) {
        var d = p.value;
        if (!Array.isArray(d) || d.length < 4) return esc(p.seriesName);
        return esc(d[3]) + ' &middot; trial ' + esc(d[2]) + (d[4] ? ' &middot; <b>' + esc(d[4]) + '</b>' : '') + '<br>'
          + esc(exp.param) + ' ' + esc(num(d[0], 3)) + ': <b>' + esc(value(d[1])) + '</b>';
      }},
      xAxis: {type: 'value', name: exp.param, nameLocation: 'middle', nameGap: 28,
        min: function (v) { return v.min - (v.max - v.min) * 0.05; },
        max: function (v) { return v.max + (v.max - v.min) * 0.08; },
        axisLabel: {formatter: axisNum, showMinLabel: false, showMaxLabel: false}, splitLine: {show: false}},
      yAxis: valueAxis(exp.metric + (exp.unit ? ' (' + exp.unit + ')' : ''), axisNum), series: series});
  }

  // A fleet: each chart draws one of the page's tables (the views of jvmtune fleet), in the table's order.
  function fleetCharts(el, fleet) {
    var tables = fleet.tables;
    // runs whose logs have uptimes only: no day to place them on
    var undated = fleet.undatedRuns ? '; ' + fleet.undatedRuns + ' undated run' + (fleet.undatedRuns === 1 ? '' : 's')
      + ' (uptimes only) left out' : '';
    function column(t, name) {
      var i = t.columns.indexOf(name);
      return t.rows.map(function (r) { return r[i]; });
    }
    function has(name) { return tables[name] && tables[name].rows.length > 0; }
    // whether a column holds a value: a chart of nothing but nulls (or of counts of what no log states) is a note
    function any(name, col, test) {
      return has(name) && column(tables[name], col).some(function (v) { return v != null && (!test || test(v)); });
    }
    var top = 25; // the tables hold every row; a chart of more bars is unreadable
    if (tables.pause_goal_misses) {
      var m = tables.pause_goal_misses;
      var c = card(el, 'fleet-misses', 'Services by pause-goal misses',
        'Runs that missed their pause goal per service, most first (top ' + top + '); the tooltip adds the pauses over the goal.',
        any('pause_goal_misses', 'runsWithGoal', function (v) { return v > 0; }),
        has('pause_goal_misses') ? 'a pause goal (no run states one; --pause-goal gives every run one)' : 'any run',
        {wide: true, logs: true});
      if (c) {
        var services = column(m, 'service').slice(0, top);
        var misses = column(m, 'runsMissingGoal').slice(0, top);
        var over = column(m, 'pausesOverGoal').slice(0, top);
        c.setOption({animation: false, grid: {left: 160, right: 24, top: 16, bottom: 40},
          tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}, formatter: function (ps) {
            var i = ps[0].dataIndex;
            return esc(services[i]) + '<br>runs missing the goal: <b>' + esc(num(misses[i], 0)) + '</b><br>pauses over it: '
              + esc(num(over[i], 0));
          }},
          xAxis: {type: 'value', name: 'runs missing the goal', nameLocation: 'middle', nameGap: 26, minInterval: 1},
          yAxis: {type: 'category', inverse: true, data: services, axisLabel: {width: 150, overflow: 'truncate'}},
          series: [{type: 'bar', name: 'runs missing the goal', data: misses, itemStyle: {color: '#c0392b'}}]});
      }
    }
    if (tables.findings_by_rule) {
      var f = tables.findings_by_rule;
      var fc = card(el, 'fleet-findings', 'Findings by frequency and time lost',
        'Runs each rule fired in, and the time lost: the pause time each rule\'s cost is made of, summed over those runs '
        + '(seconds; none where a rule\'s time is no pause time, or memory).', has('findings_by_rule'), 'any finding', {wide: true, logs: true});
      if (fc) {
        var rules = column(f, 'ruleId').slice(0, top);
        // the axes' names centred beyond their labels (at their ends they would run past the chart's right edge), the
        // top one below the legend
        fc.setOption({animation: false, legend: legend(), grid: {left: 200, right: 24, top: 64, bottom: 44},
          tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}},
          xAxis: [{type: 'value', name: 'runs', position: 'bottom', nameLocation: 'middle', nameGap: 28},
            {type: 'value', name: 's lost', position: 'top', nameLocation: 'middle', nameGap: 28}],
          yAxis: {type: 'category', inverse: true, data: rules, axisLabel: {width: 190, overflow: 'truncate'}},
          series: [{type: 'bar', name: 'runs', data: column(f, 'runs').slice(0, top), color: COLORS[0]},
            {type: 'bar', name: 'time lost (s)', xAxisIndex: 1, color: COLORS[1],
              data: column(f, 'timeLostMs').slice(0, top).map(function (v) { return v == null ? null : v / 1000; })}]});
      }
    }
    [['collectors_in_use', 'collector', 'fleet-collectors', 'Collectors in use'],
      ['jdks_in_use', 'jdk', 'fleet-jdks', 'JDKs in use']].forEach(function (spec) {
      var t = tables[spec[0]];
      if (!t) return;
      var pc = card(el, spec[2], spec[3], 'Runs per ' + spec[1] + '.', has(spec[0]), 'any run', {logs: true});
      if (pc) {
        var names = column(t, spec[1]), runs = column(t, 'runs');
        pc.setOption({animation: false, tooltip: {trigger: 'item', formatter: function (p) {
          return esc(p.name) + ': <b>' + esc(num(p.value, 0)) + '</b> runs (' + esc(num(p.percent, 1)) + '%)';
        }}, legend: legend(), series: [{type: 'pie', radius: ['30%', '65%'], top: 24,
          data: names.map(function (n, i) { return {name: String(n), value: runs[i]}; })}]});
      }
    });
    if (tables.p99_by_service) {
      var p = tables.p99_by_service;
      var bc = card(el, 'fleet-p99', 'p99 by service', 'Steady-state p99 of each run: minimum, quartiles, maximum (top '
        + top + ' by median).', has('p99_by_service'), 'a steady-state pause', {wide: true, logToggle: true, logs: true});
      if (bc) {
        var cols = ['minMs', 'q1Ms', 'medianMs', 'q3Ms', 'maxMs'].map(function (n) { return column(p, n); });
        var boxes = column(p, 'service').slice(0, top).map(function (s, i) { return cols.map(function (c) { return c[i]; }); });
        bc.setOption({animation: false, grid: {left: 64, right: 24, top: 24, bottom: 90},
          tooltip: {trigger: 'item', formatter: function (q) {
            var v = q.value.slice(-5);
            return esc(q.name) + '<br>' + ['min', 'q1', 'median', 'q3', 'max'].map(function (k, i) {
              return k + ' ' + esc(ms(v[i]));
            }).join('<br>');
          }},
          xAxis: {type: 'category', data: column(p, 'service').slice(0, top), axisLabel: {rotate: 40, width: 120, overflow: 'truncate'}},
          yAxis: valueAxis('p99 (ms)', axisNum), series: [{type: 'boxplot', name: 'p99', data: boxes}]});
      }
    }
    if (tables.by_date) {
      var d = tables.by_date;
      var dc = card(el, 'fleet-dates', 'Day by day', 'Median and p90 of the runs\u2019 steady-state p99 per day'
        + (fleet.rollout ? '; the dashed line is the split day ' + fleet.rollout : '') + undated + '.',
        any('by_date', 'medianP99Ms'), has('by_date') ? 'a steady-state pause in a dated run' : 'a date (uptimes only)',
        {wide: true, logs: true});
      if (dc) {
        var days = column(d, 'date');
        dc.setOption({animation: false, legend: legend(), grid: grid(), tooltip: axisTooltip(ms),
          xAxis: {type: 'category', data: days}, yAxis: valueAxis('p99 (ms)', axisNum),
          series: [{type: 'line', name: 'median p99', data: column(d, 'medianP99Ms'), color: COLORS[0],
            markLine: fleet.rollout ? {silent: true, symbol: 'none', data: [{xAxis: fleet.rollout}], lineStyle: {type: 'dashed', color: '#555'}} : undefined},
            {type: 'line', name: 'p90 of p99', data: column(d, 'p90P99Ms'), color: COLORS[1]}]});
      }
    }
    if (tables.jdks_by_date) {
      var j = tables.jdks_by_date;
      var jc = card(el, 'fleet-jdks-by-date', 'JDKs by day', 'Runs per JDK and day' + undated + '.', has('jdks_by_date'),
        'a date (uptimes only)', {wide: true, logs: true});
      if (jc) {
        var jdays = [], jdks = [], count = {};
        j.rows.forEach(function (r) {
          if (jdays.indexOf(r[0]) < 0) jdays.push(r[0]);
          if (jdks.indexOf(r[1]) < 0) jdks.push(r[1]);
          count[r[0] + '\u0000' + r[1]] = r[2];
        });
        jc.setOption({animation: false, legend: legend(), grid: grid(), tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}},
          xAxis: {type: 'category', data: jdays}, yAxis: Object.assign(valueAxis('runs', axisNum), {minInterval: 1}),
          series: jdks.map(function (k, i) {
            return {type: 'bar', stack: 'jdk', name: 'JDK ' + k, color: COLORS[i % COLORS.length],
              data: jdays.map(function (day) { return count[day + '\u0000' + k] || 0; })};
          })});
      }
    }
  }

  // A tuning session's value of a trial on the goal's metric, with its unit.
  function tuneValue(t, v) {
    return v == null ? '\u2013' : num(v, Math.abs(v) < 10 ? 3 : 1) + (t.unit ? ' ' + t.unit : '');
  }

  // Each candidate's rounds as rows: every trial of arm A (the current best) and B (the candidate) as a point
  // relative to A's median, and the effect (median B / median A, or B - A) with its bootstrap 95% interval.
  function forestChart(el, t) {
    var ratio = t.effect === 'ratio';
    var rows = [], ci = [], effects = [], a = [], b = [];
    t.steps.forEach(function (s) {
      s.rounds.forEach(function (r) {
        var y = rows.length;
        rows.push(s.label + '  \u00b7 ' + r.name);
        var rel = function (v) { return ratio ? v / r.medianA : v - r.medianA; };
        r.a.forEach(function (v) { a.push([rel(v), y, v]); });
        r.b.forEach(function (v) { b.push([rel(v), y, v]); });
        if (r.value != null) {
          ci.push([r.ciLow, r.ciHigh, y, s.accepted ? 1 : 0]);
          effects.push({value: [r.value, y, r.ciLow, r.ciHigh, r.pValue, r.verdict],
            itemStyle: {color: r.verdict === 'better' ? '#2e7d32' : r.verdict === 'worse' ? '#c62828' : '#52606d'}});
        }
      });
    });
    var none = ratio ? 1 : 0;
    var c = card(el, 'tune-forest', 'Each candidate against the current best: ' + t.metric + (ratio ? ', B / A' : ', B - A'),
      'Per round, every trial of A (the current best) and B (the candidate) ' + (ratio ? 'divided by' : 'less')
      + ' A\'s median, and the effect with its 95% bootstrap interval (diamond and bar; green: better beyond noise). '
      + 'The dashed line is no change.', rows.length > 0, 'no A/B ran', {wide: true, height: 90 + rows.length * 34});
    if (!c) return;
    var fmt = function (v) { return ratio ? num(v, 3) + 'x' : (v > 0 ? '+' : '') + num(v, 3); };
    c.setOption({animation: false, legend: legend(), grid: {left: 260, right: 40, top: 40, bottom: 40},
      toolbox: toolbox('tune-forest'),
      tooltip: {trigger: 'item', formatter: function (p) {
        var d = p.value;
        if (p.seriesName === '95% CI') return esc(rows[d[2]]) + '<br>95% CI ' + esc(fmt(d[0])) + ' \u2013 ' + esc(fmt(d[1]));
        if (p.seriesName === 'effect') return esc(rows[d[1]]) + '<br><b>' + esc(fmt(d[0])) + '</b> [' + esc(fmt(d[2]))
          + ', ' + esc(fmt(d[3])) + '], p ' + esc(num(d[4], 4)) + ', ' + esc(d[5]);
        return esc(p.seriesName) + ': ' + esc(tuneValue(t, d[2])) + ' (' + esc(fmt(d[0])) + ')';
      }},
      xAxis: {type: 'value', scale: true, name: ratio ? 'B / A (ratio to A\'s median)' : 'B - A', nameLocation: 'middle',
        nameGap: 26, axisLabel: {formatter: fmt}},
      yAxis: {type: 'category', data: rows, inverse: true, axisLabel: {width: 240, overflow: 'truncate'}},
      series: [
        {type: 'scatter', name: 'A: current best', data: a, symbolSize: 8, itemStyle: {color: SIDE[0], opacity: 0.75}},
        {type: 'scatter', name: 'B: candidate', data: b, symbolSize: 8, itemStyle: {color: SIDE[1], opacity: 0.75}},
        {type: 'custom', name: '95% CI', data: ci, encode: {x: [0, 1], y: 2}, z: 3,
          renderItem: function (params, api) {
            var lo = api.coord([api.value(0), api.value(2)]), hi = api.coord([api.value(1), api.value(2)]);
            var style = {stroke: api.value(3) ? '#2e7d32' : '#323f4b', lineWidth: 2};
            return {type: 'group', children: [
              {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: style},
              {type: 'line', shape: {x1: lo[0], y1: lo[1] - 6, x2: lo[0], y2: lo[1] + 6}, style: style},
              {type: 'line', shape: {x1: hi[0], y1: hi[1] - 6, x2: hi[0], y2: hi[1] + 6}, style: style}]};
          }},
        {type: 'scatter', name: 'effect', data: effects, symbol: 'diamond', symbolSize: 16, z: 4,
          markLine: {silent: true, symbol: 'none', data: [{xAxis: none}], lineStyle: {type: 'dashed', color: '#7b8794'},
            // the rows run downwards (an inverse axis): the line's start is its top, above the grid, clear of the x labels
            label: {formatter: 'no change', position: 'start'}}}]});
  }

  // The goal's metric of every trial in the order they ran, by role, with each candidate's trials shaded.
  function trialsChart(el, t) {
    var roles = [['baseline', 'baseline', '#7b8794'], ['A', 'A: current best', SIDE[0]], ['B', 'B: candidate', SIDE[1]]];
    var c = card(el, 'tune-trials', t.metric + ' of every trial, in time order',
      'Drift and noise of the machine show here: each shaded band is one candidate\'s A/B (green: accepted). '
      + 'Failed trials are marked at 0.', t.trials.length > 0, 'no trial ran', {wide: true});
    if (!c) return;
    var point = function (p) { return [p.seq, p.value, p.flags, p.outcome, p.seconds]; };
    var series = roles.map(function (r) {
      return {type: 'scatter', name: r[1], symbolSize: 9, itemStyle: {color: r[2]},
        data: t.trials.filter(function (p) { return p.role === r[0] && p.outcome === 'OK' && p.value != null; }).map(point)};
    });
    var failed = t.trials.filter(function (p) { return p.outcome !== 'OK' || p.value == null; });
    if (failed.length) {
      series.push({type: 'scatter', name: 'failed', symbol: 'triangle', symbolSize: 12, itemStyle: {color: '#c62828'},
        data: failed.map(function (p) { var q = point(p); q[1] = 0; return q; })});
    }
    series[0].markArea = {silent: true, data: t.steps.filter(function (s) { return s.firstSeq >= 0; }).map(function (s) {
      return [{name: String(s.index + 1), xAxis: s.firstSeq - 0.5,
        itemStyle: {color: s.accepted ? 'rgba(46,125,50,0.10)' : 'rgba(123,135,148,0.08)'}}, {xAxis: s.lastSeq + 0.5}];
    }), label: {position: 'insideTop', color: '#52606d'}};
    c.setOption(base('tune-trials', {
      tooltip: {trigger: 'item', formatter: function (p) {
        var d = p.value;
        if (!Array.isArray(d)) return esc(p.name);
        return 'trial ' + esc(d[0]) + ' &middot; ' + esc(p.seriesName) + ' &middot; ' + esc(d[3]) + '<br><b>'
          + esc(p.seriesName === 'failed' ? 'no value' : tuneValue(t, d[1])) + '</b> in ' + esc(num(d[4], 1)) + ' s<br>'
          + esc(d[2] || '(JVM defaults)');
      }},
      xAxis: {type: 'value', name: 'trial', nameLocation: 'middle', nameGap: 28, minInterval: 1,
        min: -0.5, max: function (v) { return v.max + 0.5; }, axisLabel: {formatter: function (v) {
          return Number.isInteger(v) ? String(v) : ''; }}, splitLine: {show: false}},
      yAxis: valueAxis(t.metric + (t.unit ? ' (' + t.unit + ')' : ''), axisNum), series: series}));
  }

  document.querySelectorAll('.charts').forEach(function (el) {
    if (el.dataset.fleet) {
      fleetCharts(el, data);
    } else if (el.dataset.experiment) {
      experimentCharts(el, data);
    } else if (el.dataset.forest) {
      forestChart(el, data);
    } else if (el.dataset.trials) {
      trialsChart(el, data);
    } else if (el.dataset.compare) {
      compareCharts(el, data.runs, data.labels);
    } else {
      var i = Number(el.dataset.run);
      runCharts(el, data.runs[i], i);
    }
  });

  document.querySelectorAll('button.copy').forEach(function (btn) {
    btn.addEventListener('click', function () {
      var code = btn.parentNode.querySelector('code');
      var range = document.createRange();
      range.selectNodeContents(code);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      var done = function () { btn.textContent = 'Copied'; setTimeout(function () { btn.textContent = 'Copy'; }, 1500); };
      var fallback = function () { try { if (document.execCommand('copy')) done(); } catch (e) { /* selected: Ctrl+C */ } };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(code.textContent).then(done, fallback);
      } else {
        fallback();
      }
    });
  });

  var resizing;
  window.addEventListener('resize', function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () { keys(charts).forEach(function (k) { charts[k].resize(); }); }, 100);
  });
  window.jvmtuneReadyMs = performance.now();
  window.jvmtuneReady = true;
})();
