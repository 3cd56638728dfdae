lxterminal -e ./RPiTemperature Passes 70,  Seconds 60
./burninfpu KWords 1, Section 3, Minutes 10, log 29, NoConfig
./burninfpu KWords 10, Section 3, Minutes 10, log 29, NoConfig
./burninfpu KWords 1000, Section 3, Minutes 10, log 29, NoConfig
./burninfpu KWords 1, Section 1, Minutes 10, log 29, NoConfig
./burninfpu KWords 10, Section 1, Minutes 10, log 29, NoConfig
./burninfpu KWords 1000, Section 1, Minutes 10, log 29
