/**
 * console.js, served fingerprinted (http/assets.routes.ts); the only script the Content-Security-Policy allows. Every
 * page works without it except where noted. It does three things:
 * - a one-time link's secret travels in the URL's fragment (never in a log or a Referer): it is copied into the form's
 *   hidden `token` field, then dropped from the address bar;
 * - "Copy" buttons copy the new token's value to the clipboard and say so in a live region;
 * - the expiration select shows the date input for "Custom date" and the warning for "No expiration".
 * Written here rather than as a file beside the sources so that the production bundle carries it.
 */
export const CONSOLE_JS = `(function () {
  'use strict';

  function fragmentToken() {
    var field = document.querySelector('input[data-from-fragment]');
    if (!field) return;
    var secret = window.location.hash.slice(1);
    if (secret) {
      field.value = secret;
      if (window.history && window.history.replaceState) window.history.replaceState(null, '', window.location.pathname);
    }
  }

  function copyButtons() {
    var buttons = document.querySelectorAll('button[data-copy-target]');
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener('click', function () {
        var input = document.getElementById(button.getAttribute('data-copy-target'));
        var status = document.getElementById(button.getAttribute('data-copy-status'));
        if (!input) return;
        var say = function (text) { if (status) status.textContent = text; };
        input.focus();
        input.select();
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(input.value).then(
            function () { say('Copied.'); },
            function () { say('Press Ctrl+C (or Cmd+C) to copy the selected token.'); }
          );
        } else {
          say('Press Ctrl+C (or Cmd+C) to copy the selected token.');
        }
      });
    });
  }

  function expiryPicker() {
    var select = document.querySelector('select[data-expiry]');
    if (!select) return;
    var dateField = document.getElementById(select.getAttribute('data-date-field'));
    var warning = document.getElementById(select.getAttribute('data-warning'));
    var update = function () {
      if (dateField) dateField.hidden = select.value !== 'custom';
      if (warning) warning.hidden = select.value !== 'none';
    };
    select.addEventListener('change', update);
    update();
  }

  function start() {
    fragmentToken();
    copyButtons();
    expiryPicker();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
