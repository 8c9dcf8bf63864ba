"""What dhproc says and how it reads names: the message catalogue (Japanese and English), the
forms of a Japanese name, names as a GK types them ("did you mean"), Japanese keys of a turn file,
and 行動提出 read from chat text. The lowest floor: it imports nothing else of dhproc."""
