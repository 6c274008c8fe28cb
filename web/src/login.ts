import { h } from './dom';
import type { JantakuClient } from './net';
import { t } from './i18n';

/** A login form for the tournament pages: on success `done()`, else `fail(reason)`. */
export function loginForm(net: JantakuClient, title: string, done: () => void, fail: (reason: string) => void): HTMLFormElement {
  const name = h('input', { name: 'name', id: 'login-name', autocomplete: 'username', required: true });
  const password = h('input', { name: 'password', id: 'login-password', type: 'password', autocomplete: 'current-password', required: true });
  const form = h('form', { class: 'create', id: 'login' }, h('h2', {}, title), h('label', {}, t('login.name'), name), h('label', {}, t('login.password'), password), h('button', { class: 'primary', type: 'submit' }, t('login.submit')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    net.login(name.value, password.value).then(done, (err: Error) => fail(err.message));
  });
  return form;
}
