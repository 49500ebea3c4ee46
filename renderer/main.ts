import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';
import './print/print.css';
import { resume as resumeLedBoard } from './led/store.svelte.ts';

mount(App, { target: document.getElementById('app')! });
void resumeLedBoard();
