// What a remote's `import './screen.css'` becomes under Jest: jsdom lays nothing out.
export {};
