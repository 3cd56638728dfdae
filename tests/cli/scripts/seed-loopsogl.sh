 lxterminal -e ./RPiTemperature Pases 36,  Seconds 30
 lxterminal -e ./liverloopsPiA6 Seconds 10
 sleep 10
 ./OpenGL1Pi.bin Wide 1920, High 1080, RunMinutes 15 
