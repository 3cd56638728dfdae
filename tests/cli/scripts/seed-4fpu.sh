lxterminal -e ./RPiTemperature Pases 25,  Seconds 30
lxterminal -e ./burninfpu KWords 1, Section 3, Minutes 10, log 1
lxterminal -e ./burninfpu KWords 1, Section 3, Minutes 10, log 2
lxterminal -e ./burninfpu KWords 1, Section 3, Minutes 10, log 3
lxterminal -e ./burninfpu KWords 1, Section 3, Minutes 10, log 4
