// Mock interviews: start one, count down, keep answers, finish. The pages work as plain
// HTML for reading; starting, saving and finishing need these few requests.
(function () {
  'use strict';

  async function call(method, url, body) {
    const response = await fetch(url, {
      method: method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body || {}),
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      const detail = data && data.detail ? data.detail : response.status + ' ' + response.statusText;
      throw new Error(typeof detail === 'string' ? detail : JSON.stringify(detail));
    }
    return data;
  }

  function setupStart(form) {
    const error = form.querySelector('.mock-error');
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      const button = form.querySelector('button[type=submit]');
      button.disabled = true;
      error.hidden = true;
      const topic = form.elements.topic.value || null;
      const minutes = parseInt(form.elements.minutes.value, 10);
      try {
        const session = await call('POST', '/api/mock', { topic: topic, minutes: minutes });
        window.location.href = '/mock/' + session.id;
      } catch (e) {
        error.textContent = form.dataset.error.replace('{error}', e.message);
        error.hidden = false;
        button.disabled = false;
      }
    });
  }

  function clock(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  function setupSession(root) {
    const id = root.dataset.id;
    const ends = Date.parse(root.dataset.ends);
    const opened = Date.now();
    const left = document.getElementById('mock-left');
    if (root.dataset.finished !== 'true' && left) {
      const tick = function () {
        const remaining = (ends - Date.now()) / 1000;
        left.textContent = remaining > 0 ? clock(remaining) : root.dataset.timeUp;
        if (remaining <= 0) {
          clearInterval(timer);
          window.location.reload();  // the server has ended it: show the report
        }
      };
      const timer = setInterval(tick, 1000);
      tick();
    }
    root.querySelectorAll('.mock-question').forEach(function (question) {
      const save = question.querySelector('.mock-save');
      if (!save) return;
      const status = question.querySelector('.mock-status');
      const started = Date.now();
      save.addEventListener('click', async function () {
        const n = question.dataset.n;
        const checked = question.querySelector('input[type=radio]:checked');
        save.disabled = true;
        try {
          await call('PUT', '/api/mock/' + id + '/answers/' + n, {
            answer: question.querySelector('textarea').value,
            rating: checked ? checked.value : null,
            seconds: Math.round((Date.now() - Math.min(started, opened)) / 1000),
          });
          status.textContent = root.dataset.saved;
        } catch (e) {
          status.textContent = root.dataset.error.replace('{error}', e.message);
        } finally {
          save.disabled = false;
        }
      });
    });
    const finish = document.getElementById('mock-finish');
    if (finish) {
      finish.addEventListener('click', async function () {
        if (!window.confirm(root.dataset.confirm)) return;
        finish.disabled = true;
        try {
          await call('POST', '/api/mock/' + id + '/finish');
          window.location.reload();
        } catch (e) {
          finish.disabled = false;
          window.alert(root.dataset.error.replace('{error}', e.message));
        }
      });
    }
  }

  const start = document.getElementById('mock-start');
  if (start) setupStart(start);
  const session = document.getElementById('mock');
  if (session) setupSession(session);
})();

// The problem page in interview mode (/problems/ID?mock=N): the clock in its banner.
(function () {
  'use strict';
  const banner = document.querySelector('.mock-banner');
  if (!banner) return;
  const ends = Date.parse(banner.dataset.ends);
  const left = banner.querySelector('.mock-left');
  const tick = function () {
    const s = Math.max(0, Math.floor((ends - Date.now()) / 1000));
    left.textContent = s > 0 ? Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0')
      : banner.dataset.timeUp;
    if (s <= 0) clearInterval(timer);
  };
  const timer = setInterval(tick, 1000);
  tick();
})();
