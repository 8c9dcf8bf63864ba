// The replay page's player: it only shows and hides what the page already holds (no text from
// the log is ever parsed as markup here), keeps the step in the address (#t2-e14, which works
// from file://) and switches the language.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.remove("nojs");
  root.classList.add("js");
  document.getElementById("fallback").open = false;
  var data = JSON.parse(document.getElementById("dhproc-steps").textContent);
  var steps = data.steps, current = 0, timer = null;
  var byId = {};
  steps.forEach(function (s, i) { byId[s.id] = i; });
  var maps = document.querySelectorAll("#maps .map");
  var tables = document.querySelectorAll("#state .tables");
  var items = document.querySelectorAll("#events li");
  var where = document.getElementById("where");

  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    var s = steps[current];
    maps.forEach(function (m) { var k = +m.dataset.i; m.hidden = k !== s.map_ja && k !== s.map_en; });
    tables.forEach(function (t) { var k = +t.dataset.i; t.hidden = k !== s.tables_ja && k !== s.tables_en; });
    items.forEach(function (li, n) {
      li.hidden = steps[n].turn !== s.turn || n > current;
      li.classList.toggle("now", n === current);
    });
    // the current event's narration above the map too (on a phone the list is far below)
    where.replaceChildren.apply(where, Array.prototype.map.call(items[current].querySelectorAll("div"),
      function (div) { return div.cloneNode(true); }));
    var list = items[current].parentNode, top = items[current].offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - items[current].offsetHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
    if (location.hash !== "#" + s.id) {
      try { history.replaceState(null, "", "#" + s.id); } catch (e) { /* a page without history */ }
    }
  }

  function group(i, key) { var s = steps[i]; return key === "turn" ? String(s.turn) : s.turn + "." + s.phase; }
  function forward(key) {
    for (var j = current + 1; j < steps.length; j++) { if (group(j, key) !== group(current, key)) { return j; } }
    return steps.length - 1;
  }
  function back(key) {
    var j = current;
    while (j > 0 && group(j - 1, key) === group(current, key)) { j--; }
    if (j < current) { return j; }
    j = current - 1;
    while (j > 0 && group(j - 1, key) === group(current - 1, key)) { j--; }
    return Math.max(0, j);
  }
  var moves = {
    first: function () { return 0; }, last: function () { return steps.length - 1; },
    prev: function () { return current - 1; }, next: function () { return current + 1; },
    prev_phase: function () { return back("phase"); }, next_phase: function () { return forward("phase"); },
    prev_turn: function () { return back("turn"); }, next_turn: function () { return forward("turn"); }
  };
  function stop() { if (timer !== null) { clearInterval(timer); timer = null; } }
  function play() {
    if (timer !== null) { stop(); return; }
    if (current === steps.length - 1) { show(0); }
    timer = setInterval(function () {
      if (current >= steps.length - 1) { stop(); } else { show(current + 1); }
    }, data.speeds[+document.getElementById("speed").value]);
  }
  function go(key) {
    if (key === "play") { play(); return; }
    stop();
    show(moves[key]());
  }
  document.querySelectorAll("[data-go]").forEach(function (b) {
    b.addEventListener("click", function () { go(b.dataset.go); });
  });
  document.getElementById("speed").addEventListener("change", function () { if (timer !== null) { stop(); play(); } });
  var langButton = document.getElementById("lang");
  langButton.addEventListener("click", function () {
    var english = !root.classList.contains("en");
    root.classList.toggle("en", english);
    root.lang = english ? "en" : "ja";
    langButton.textContent = english ? "日本語" : "English";
  });
  var keys = { ArrowRight: "next", ArrowLeft: "prev", "]": "next_phase", "[": "prev_phase", l: "next_turn",
               j: "prev_turn", Home: "first", End: "last", k: "play", " ": "play" };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.tagName === "SELECT") { return; }
    var key = keys[e.key];
    if (key) { e.preventDefault(); go(key); }
  });
  function fromHash() {
    var i = byId[decodeURIComponent(location.hash.slice(1))];
    if (i !== undefined && i !== current) { stop(); show(i); }
  }
  window.addEventListener("hashchange", fromHash);
  var start = byId[decodeURIComponent(location.hash.slice(1))];
  show(start === undefined ? 0 : start);
}());
