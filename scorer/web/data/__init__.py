"""What is stored and how it is read: the models, a match's document for the core, the match
lock, the caches derived from the core's scores (results, summaries), the app's dealt cards.
Imports the core and the extensions only: no policy, write, presentation or screen."""
